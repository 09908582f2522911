import { Card, Flex, Tag } from 'antd';
import { PAGE_SIZES } from '@/common/limits';
import { useListCompanyFileUploadsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { NumberedPager } from '@/web/components/NumberedPager';
import { countOf, type Noun } from '@/web/lib/countNoun';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { useSearchBox } from '@/web/lib/useSearchBox';
import { CompanyFileUploadsTable } from './CompanyFileUploadsTable';
import { FileUploadFilters } from './FileUploadFilters';
import { dateRangeFromAddress, searchUploads, statusFilterLabel, statusFromAddress } from './uploadFilters';

const PAGE_SIZE = PAGE_SIZES.adminFileUploads;
const UPLOADS: Noun = { singular: 'file upload', plural: 'file uploads' };
const NO_FILTERS = { status: '', dateFrom: '', dateTo: '', search: '' };

/**
 * Every upload of the company's staff (spec section 2.13). Status, date range, search and page live
 * in the address. The status and dates ask the server (and start from page 1); the search only
 * filters the page shown, so it keeps the page and the pager.
 */
export function CompanyFileUploadsPage() {
  const { params, setParams, setPage } = useListParams(NO_FILTERS);
  const { page } = params;
  const status = statusFromAddress(params.status);
  const { dateFrom, dateTo } = dateRangeFromAddress(params.dateFrom, params.dateTo);
  const [search, setSearch] = useSearchBox(params.search, (text) => setParams({ search: text, page }, { replace: true }));

  const { data, error, isLoading, isFetching, refetch } = useListCompanyFileUploadsQuery({
    page,
    limit: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(dateFrom ? { dateFrom } : {}),
    ...(dateTo ? { dateTo } : {}),
  });
  const uploads = data?.data.fileUploads ?? [];
  const pagination = data?.data.pagination;
  const total = pagination?.totalCount ?? uploads.length;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);

  const shown = searchUploads(uploads, search);
  const dated = dateFrom !== undefined || dateTo !== undefined;
  const filtered = status !== undefined || dated || search.trim() !== '';
  const clearFilters = () => {
    setSearch('');
    setParams(NO_FILTERS);
  };

  let content;
  if (isLoading || steppingBack || (isFetching && uploads.length === 0)) content = <ListSkeleton label="Loading file uploads" />;
  else if (error) content = <LoadError error={error} fallback="Failed to load file uploads" onRetry={refetch} retrying={isFetching} />;
  else if (shown.length === 0)
    content = (
      <>
        <EmptyState title="No file uploads found" description={filtered ? 'Try adjusting your filters to see more results' : 'No files have been uploaded yet'} />
        {/* Rows the search hides on this page may have matches on another one. */}
        {uploads.length > 0 && <NumberedPager page={page} totalPages={totalPages} onChange={setPage} />}
      </>
    );
  else
    content = (
      <>
        <CompanyFileUploadsTable uploads={shown} />
        <NumberedPager page={page} totalPages={totalPages} onChange={setPage} />
      </>
    );

  return (
    <>
      <PageHeader title="File Uploads" subtitle="View and manage all file uploads from your company staff" />
      <Card>
        <FileUploadFilters
          search={search}
          onSearch={setSearch}
          status={status}
          onStatus={(next) => setParams({ status: next ?? '' })}
          dateFrom={dateFrom}
          dateTo={dateTo}
          onDates={(dates) => setParams({ dateFrom: dates.dateFrom ?? '', dateTo: dates.dateTo ?? '' })}
          filtered={filtered}
          onClear={clearFilters}
        />
        {data && (
          <Flex gap="small" wrap style={{ marginBottom: 16 }}>
            <Tag color="blue" aria-label="Upload count">{countOf(total, UPLOADS)}</Tag>
            <Tag aria-label="Current page">{`Page ${page} of ${totalPages}`}</Tag>
            {status && <Tag color="purple" aria-label="Status filter">{`Status: ${statusFilterLabel(status)}`}</Tag>}
            {dated && <Tag color="orange" aria-label="Date filter">Date filtered</Tag>}
          </Flex>
        )}
        <div aria-busy={isFetching}>{content}</div>
      </Card>
    </>
  );
}
