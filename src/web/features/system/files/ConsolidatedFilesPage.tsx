import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Select, Tag } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { useListConsolidatedFilesQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { errorMessage } from '@/web/lib/errorMessage';
import { ConsolidatedFilesTable } from './ConsolidatedFilesTable';
import { UploadConsolidatedFileDialog } from './UploadConsolidatedFileDialog';
import { useCompanyOptions } from './useCompanyOptions';

const PAGE_SIZE = PAGE_SIZES.consolidatedFiles;
const ALL_COMPANIES = '';

/** Every company's consolidated payroll files, with an upload (spec section 2.7). */
export function ConsolidatedFilesPage() {
  const [companyId, setCompanyId] = useState(ALL_COMPANIES);
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const { options: companies, loading: companiesLoading } = useCompanyOptions();
  const { data, error, isLoading } = useListConsolidatedFilesQuery({ page, limit: PAGE_SIZE, ...(companyId ? { companyId } : {}) });

  const files = data?.data.files ?? [];
  const total = data?.data.pagination.total ?? files.length;
  const totalPages = data?.data.pagination.totalPages ?? 1;
  const companyName = companies.find((company) => company.value === companyId)?.label;

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
          <Select
            id="consolidated-files-company-filter"
            aria-label="Filter by company"
            style={{ minWidth: 240 }}
            loading={companiesLoading}
            value={companyId}
            options={[{ value: ALL_COMPANIES, label: 'All Companies' }, ...companies]}
            onChange={(value: string) => {
              setCompanyId(value);
              setPage(1);
            }}
          />
          <Tag color="blue" aria-label="File count">{`${total} ${total === 1 ? 'file' : 'files'}`}</Tag>
        </Flex>
        {isLoading ? (
          <ListSkeleton label="Loading consolidated files" />
        ) : error ? (
          <Alert type="error" showIcon title={`Failed to load consolidated files: ${errorMessage(error)}`} />
        ) : files.length === 0 ? (
          <EmptyState
            title="No consolidated files found"
            description={
              companyId ? `No consolidated files have been uploaded for ${companyName ?? 'this company'} yet.` : 'Upload a consolidated file to get started.'
            }
          />
        ) : (
          <>
            <ConsolidatedFilesTable files={files} />
            <RangePager page={page} pageSize={PAGE_SIZE} total={total} totalPages={totalPages} noun="files" onChange={setPage} />
          </>
        )}
      </Card>
      <UploadConsolidatedFileDialog open={uploading} companies={companies} onClose={() => setUploading(false)} />
    </>
  );
}
