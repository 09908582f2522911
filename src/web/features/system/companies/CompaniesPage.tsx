import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Tag } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import {
  type Company,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useListCompaniesQuery,
  useUpdateCompanyMutation,
} from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { countOf } from '@/web/lib/countNoun';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { useSearchBox } from '@/web/lib/useSearchBox';
import { useToast } from '@/web/lib/useToast';
import { CompaniesTable } from './CompaniesTable';
import { CompanyFormDialog } from './CompanyFormDialog';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';

const PAGE_SIZE = PAGE_SIZES.companies;
const COMPANIES = { singular: 'company', plural: 'companies' };

/** The operators' list of companies (spec section 2.5). */
export function CompaniesPage() {
  const toast = useToast();
  const { params, setParams, setPage } = useListParams({ search: '' });
  const { page, search } = params;
  // The typed text reaches the address once typing pauses, replacing the entry (a new search starts
  // from page 1); Back or a link that changes the address puts its search back into the box.
  const [searchText, setSearchText] = useSearchBox(search, (text) => setParams({ search: text }, { replace: true }));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);

  const { data, error, isLoading, isFetching, refetch } = useListCompaniesQuery({ page, limit: PAGE_SIZE, ...(search ? { search } : {}) });
  const [createCompany] = useCreateCompanyMutation();
  const [updateCompany] = useUpdateCompanyMutation();
  const [deleteCompany] = useDeleteCompanyMutation();

  const companies = data?.data.companies ?? [];
  const pagination = data?.data.pagination;
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);
  const total = pagination?.total ?? companies.length;

  return (
    <>
      <PageHeader
        title="Companies"
        subtitle="Manage companies in the system"
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
            Add Company
          </Button>
        }
      />
      <Card>
        <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
          <Input
            aria-label="Search companies"
            placeholder="Search companies..."
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            style={{ maxWidth: 360 }}
          />
          <Tag color="blue" aria-label="Company count">
            {countOf(total, COMPANIES)}
          </Tag>
        </Flex>
        {isLoading || steppingBack || (isFetching && companies.length === 0) ? (
          <ListSkeleton label="Loading companies" />
        ) : error ? (
          <LoadError error={error} fallback="Failed to load companies" onRetry={refetch} retrying={isFetching} />
        ) : companies.length === 0 ? (
          <EmptyState
            title="No companies found"
            description={search ? `No companies match "${search}". Try a different search.` : 'Get started by creating your first company'}
          />
        ) : (
          <div aria-busy={isFetching}>
            <CompaniesTable companies={companies} firstNumber={(page - 1) * PAGE_SIZE + 1} onEdit={setEditing} onDelete={setDeleting} />
            <RangePager page={page} pageSize={PAGE_SIZE} total={total} totalPages={pagination?.totalPages ?? 1} noun={COMPANIES} onChange={setPage} />
          </div>
        )}
      </Card>

      <CompanyFormDialog
        open={creating}
        title="Add Company"
        submitLabel="Create Company"
        onSave={async (name) => {
          await createCompany({ companyInput: { name } }).unwrap();
          toast.success('Company created successfully');
        }}
        onClose={() => setCreating(false)}
      />
      <CompanyFormDialog
        open={editing !== null}
        title="Edit Company"
        submitLabel="Save Changes"
        initialName={editing?.name ?? ''}
        onSave={async (name) => {
          await updateCompany({ id: editing?.id ?? '', companyInput: { name } }).unwrap();
          toast.success('Company updated successfully');
        }}
        onClose={() => setEditing(null)}
      />
      <DeleteCompanyDialog
        company={deleting}
        onDelete={async (company) => {
          await deleteCompany({ id: company.id }).unwrap();
          toast.success(`${company.name} has been deleted`);
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
