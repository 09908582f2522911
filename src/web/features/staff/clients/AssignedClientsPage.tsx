import { Card, Tabs } from 'antd';
import { PAGE_SIZES } from '@/common/limits';
import { type ClientStatus, useListStaffClientsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { type Noun } from '@/web/lib/countNoun';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { AssignedClientsTable } from './AssignedClientsTable';

const PAGE_SIZE = PAGE_SIZES.staffAssignedClients;
const CLIENTS: Noun = { singular: 'client', plural: 'clients' };

/** The tabs, as the address names them, and the status each one asks the server for (All asks for none). */
const TABS: { key: string; label: string; status?: ClientStatus; emptyHint: string }[] = [
  { key: 'all', label: 'All', emptyHint: 'Clients appear here once an admin assigns them to you.' },
  { key: 'active', label: 'Active', status: 'ACTIVE', emptyHint: 'None of your assigned clients is active.' },
  { key: 'inactive', label: 'Inactive', status: 'INACTIVE', emptyHint: 'None of your assigned clients is inactive.' },
];

/**
 * The clients an admin assigned to the signed-in staff member (spec section 2.16). Tab and page
 * live in the address, so Back, a reload and a shared link show the same list.
 */
export function AssignedClientsPage() {
  const { params, setParams, setPage } = useListParams({ status: 'all' });
  const { page } = params;
  // An address naming no known tab (typed by hand, or from an older link) shows All.
  const tab = TABS.find((candidate) => candidate.key === params.status.toLowerCase()) ?? TABS[0];

  const { data, error, isLoading, isFetching, refetch } = useListStaffClientsQuery({
    page,
    limit: PAGE_SIZE,
    ...(tab.status ? { status: tab.status } : {}),
  });
  const clients = data?.data.clients ?? [];
  const pagination = data?.data.pagination;
  // Switching a client's status can empty the last page of a tab: show the page before it instead.
  useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);
  const total = pagination?.totalCount ?? clients.length;

  return (
    <>
      <PageHeader title="Assigned Clients" subtitle="The clients your company admin has assigned to you" />
      <Card>
        <Tabs
          activeKey={tab.key}
          onChange={(key) => setParams({ status: key })}
          items={TABS.map(({ key, label }) => ({ key, label }))}
        />
        {isLoading ? (
          <ListSkeleton label="Loading clients" />
        ) : error ? (
          <LoadError error={error} fallback="Failed to load your assigned clients" onRetry={refetch} retrying={isFetching} />
        ) : clients.length === 0 ? (
          <EmptyState title="No clients found" description={tab.emptyHint} />
        ) : (
          <div aria-busy={isFetching}>
            <AssignedClientsTable clients={clients} firstNumber={(page - 1) * PAGE_SIZE + 1} />
            <RangePager
              page={page}
              pageSize={PAGE_SIZE}
              total={total}
              totalPages={pagination?.totalPages ?? 1}
              noun={CLIENTS}
              onChange={setPage}
            />
          </div>
        )}
      </Card>
    </>
  );
}
