import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Tag } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES, SEARCH_DEBOUNCE_MS } from '@/common/limits';
import {
  type Company,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useListCompaniesQuery,
  useUpdateCompanyMutation,
} from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { errorMessage } from '@/web/lib/errorMessage';
import { useDebouncedValue } from '@/web/lib/useDebouncedValue';
import { CompaniesTable } from './CompaniesTable';
import { CompanyFormDialog } from './CompanyFormDialog';
import { DeleteCompanyDialog } from './DeleteCompanyDialog';

const PAGE_SIZE = PAGE_SIZES.companies;

/** The operators' list of companies (spec section 2.5). */
export function CompaniesPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageState, setPageState] = useState({ page: 1, search });
  // A new search starts from the first page.
  const page = pageState.search === search ? pageState.page : 1;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Company | null>(null);
  const [deleting, setDeleting] = useState<Company | null>(null);

  const { data, error, isLoading, isFetching } = useListCompaniesQuery({ page, limit: PAGE_SIZE, ...(search ? { search } : {}) });
  const [createCompany] = useCreateCompanyMutation();
  const [updateCompany] = useUpdateCompanyMutation();
  const [deleteCompany] = useDeleteCompanyMutation();

  const companies = data?.data.companies ?? [];
  const pagination = data?.data.pagination;
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
          <Tag color="blue" aria-label="Company count">{`${total} ${total === 1 ? 'company' : 'companies'}`}</Tag>
        </Flex>
        {isLoading ? (
          <ListSkeleton label="Loading companies" />
        ) : error ? (
          <Alert type="error" showIcon title={errorMessage(error, 'Failed to load companies')} />
        ) : companies.length === 0 ? (
          <EmptyState
            title="No companies found"
            description={search ? `No companies match "${search}". Try a different search.` : 'Get started by creating your first company'}
          />
        ) : (
          <div aria-busy={isFetching}>
            <CompaniesTable companies={companies} firstNumber={(page - 1) * PAGE_SIZE + 1} onEdit={setEditing} onDelete={setDeleting} />
            <RangePager
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              totalPages={pagination?.totalPages ?? 1}
              noun="companies"
              onChange={(next) => setPageState({ page: next, search })}
            />
          </div>
        )}
      </Card>

      <CompanyFormDialog
        open={creating}
        title="Add Company"
        submitLabel="Create Company"
        onSave={(name) => createCompany({ companyInput: { name } }).unwrap()}
        onClose={() => setCreating(false)}
      />
      <CompanyFormDialog
        open={editing !== null}
        title="Edit Company"
        submitLabel="Save Changes"
        initialName={editing?.name ?? ''}
        onSave={(name) => updateCompany({ id: editing?.id ?? '', companyInput: { name } }).unwrap()}
        onClose={() => setEditing(null)}
      />
      <DeleteCompanyDialog company={deleting} onDelete={(company) => deleteCompany({ id: company.id }).unwrap()} onClose={() => setDeleting(null)} />
    </>
  );
}
