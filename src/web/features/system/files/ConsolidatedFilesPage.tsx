import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { type ConsolidatedFile, useListConsolidatedFilesQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { countOf } from '@/web/lib/countNoun';
import { errorMessage } from '@/web/lib/errorMessage';
import { isUuid } from '@/web/lib/routeId';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { CompanySelect } from './CompanySelect';
import { ConsolidatedFileViewerDialog } from './ConsolidatedFileViewerDialog';
import { ConsolidatedFilesTable } from './ConsolidatedFilesTable';
import { UploadConsolidatedFileDialog } from './UploadConsolidatedFileDialog';
import { useCompanyOptions } from './useCompanyOptions';

const PAGE_SIZE = PAGE_SIZES.consolidatedFiles;
const FILES = { singular: 'file', plural: 'files' };

/**
 * Every company's consolidated payroll files, with an upload (spec section 2.7). The company filter
 * and the page live in the address; the upload starts with the filtered company chosen.
 */
export function ConsolidatedFilesPage() {
  const { params, setParams, setPage } = useListParams({ companyId: '' });
  const { page } = params;
  // An address naming no company the server could know lists every company's files.
  const companyId = isUuid(params.companyId) ? params.companyId : '';
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<ConsolidatedFile | null>(null);
  const picker = useCompanyOptions(companyId || undefined);
  const { data, error, isLoading, isFetching, refetch } = useListConsolidatedFilesQuery({ page, limit: PAGE_SIZE, ...(companyId ? { companyId } : {}) });

  const files = data?.data.files ?? [];
  const total = data?.data.pagination.total ?? files.length;
  const totalPages = data?.data.pagination.totalPages;
  const steppingBack = useStepBackToLastPage(page, totalPages, !isFetching, setPage);

  return (
    <>
      <PageHeader
        title="Consolidated Files"
        subtitle="View and manage consolidated payroll files across all companies"
        extra={
          <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setUploading(true)}>
            Upload File
          </Button>
        }
      />
      <Card>
        <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
          <CompanySelect
            id="consolidated-files-company-filter"
            ariaLabel="Filter by company"
            style={{ minWidth: 240 }}
            picker={picker}
            allLabel="All Companies"
            value={companyId}
            onChange={(value) => setParams({ companyId: value })}
          />
          <Tag color="blue" aria-label="File count">
            {countOf(total, FILES)}
          </Tag>
        </Flex>
        {isLoading || steppingBack || (isFetching && files.length === 0) ? (
          <ListSkeleton label="Loading consolidated files" />
        ) : error ? (
          <LoadError error={error} fallback="Failed to load consolidated files" message={`Failed to load consolidated files: ${errorMessage(error)}`} onRetry={refetch} retrying={isFetching} />
        ) : files.length === 0 ? (
          <EmptyState
            title="No consolidated files found"
            description={
              companyId
                ? `No consolidated files have been uploaded for ${picker.selectedLabel ?? 'this company'} yet.`
                : 'Upload a consolidated file to get started.'
            }
          />
        ) : (
          <div aria-busy={isFetching}>
            <ConsolidatedFilesTable files={files} onView={setViewing} />
            <RangePager page={page} pageSize={PAGE_SIZE} total={total} totalPages={totalPages ?? 1} noun={FILES} onChange={setPage} />
          </div>
        )}
      </Card>
      <ConsolidatedFileViewerDialog file={viewing} onClose={() => setViewing(null)} />
      <UploadConsolidatedFileDialog open={uploading} initialCompanyId={companyId || undefined} onClose={() => setUploading(false)} />
    </>
  );
}
