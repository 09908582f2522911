import { Card, Tag } from 'antd';
import { PAGE_SIZES } from '@/common/limits';
import { useListStaffUploadsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { countOf, type Noun } from '@/web/lib/countNoun';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { StaffFileUploadsTable } from './StaffFileUploadsTable';

const PAGE_SIZE = PAGE_SIZES.staffFileUploads;
const FILES: Noun = { singular: 'file', plural: 'files' };

/** The files the signed-in staff member uploaded, newest first, with their status (spec section 2.18). The page lives in the address. */
export function StaffFileUploadsPage() {
  const { params, setPage } = useListParams({});
  const { page } = params;
  const { data, error, isLoading, isFetching, refetch } = useListStaffUploadsQuery({ page, limit: PAGE_SIZE });
  const uploads = data?.data.uploads ?? [];
  const pagination = data?.data.pagination;
  const total = pagination?.totalCount ?? uploads.length;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);

  let content;
  if (isLoading || steppingBack || (isFetching && uploads.length === 0)) content = <ListSkeleton label="Loading your file uploads" />;
  else if (error) content = <LoadError error={error} fallback="Failed to load your file uploads" onRetry={refetch} retrying={isFetching} />;
  else if (uploads.length === 0) content = <EmptyState title="You haven't uploaded any files yet" description="Files you upload from Weekly Uploads appear here." />;
  else
    content = (
      <>
        <StaffFileUploadsTable uploads={uploads} firstNumber={(page - 1) * PAGE_SIZE + 1} />
        <RangePager page={page} pageSize={PAGE_SIZE} total={total} totalPages={totalPages} noun={FILES} onChange={setPage} />
      </>
    );

  return (
    <>
      <PageHeader
        title="File Uploads"
        subtitle="View your uploaded files and their status"
        extra={data && <Tag color="blue" aria-label="File count">{`${countOf(total, FILES)} · Page ${page} of ${totalPages}`}</Tag>}
      />
      <Card>
        <div aria-busy={isFetching}>{content}</div>
      </Card>
    </>
  );
}
