import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { CLIENT_STATUSES, type ClientStatus } from '@/common/statuses';
import { type Client, useListClientsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { ALL_STATUSES, ClientFilters } from './ClientFilters';
import { ClientFormDialog } from './ClientFormDialog';
import { ClientsTable } from './ClientsTable';
import { DeleteClientDialog } from './DeleteClientDialog';

const PAGE_SIZE = PAGE_SIZES.clients;

/** A status from the address; anything else there means all statuses. */
function statusFilter(value: string): ClientStatus | typeof ALL_STATUSES {
  return (CLIENT_STATUSES as readonly string[]).includes(value) ? (value as ClientStatus) : ALL_STATUSES;
}

/**
 * The company's clients with their status pills and staff assignments (spec section 2.11). The tab,
 * the staff filter and the page live in the address (`status`, `staff`, `page`).
 */
export function ClientManagementPage() {
  const { params, setParams, setPage } = useListParams({ status: '', staff: '' });
  const { page, staff } = params;
  const status = statusFilter(params.status);
  // One form dialog for Add and Edit; its client stays while it closes, so its title does not flip.
  const [form, setForm] = useState<{ open: boolean; client: Client | null }>({ open: false, client: null });
  const [deleting, setDeleting] = useState<Client | null>(null);

  const { data, error, isLoading, isFetching, refetch } = useListClientsQuery({
    page,
    limit: PAGE_SIZE,
    ...(status ? { status } : {}),
    ...(staff ? { assignedStaffId: staff } : {}),
  });
  const clients = data?.data.clients ?? [];
  const pagination = data?.data.pagination;
  const total = pagination?.total ?? clients.length;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);
  useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);
  // A page past the end (its last row was just deleted) is about to step back: not an empty list.
  const steppingBack = pagination !== undefined && page > totalPages;
  const filtered = status !== ALL_STATUSES || staff !== '';

  return (
    <>
      <PageHeader
        title="Client Management"
        subtitle="Manage your company's clients and their staff assignments"
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setForm({ open: true, client: null })}>
            Add Client
          </Button>
        }
      />
      <Card>
        <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
          <ClientFilters
            status={status}
            onStatus={(next) => setParams({ status: next })}
            staffId={staff}
            staffName={clients.find((client) => client.assigned_staff_id === staff)?.assigned_staff_name}
            onStaff={(next) => setParams({ staff: next })}
          />
          {data && <Tag color="blue" aria-label="Client count">{`${total} ${total === 1 ? 'client' : 'clients'}`}</Tag>}
        </Flex>
        {isLoading || steppingBack ? (
          <ListSkeleton label="Loading clients" />
        ) : error ? (
          <LoadError error={error} fallback="Failed to load clients" onRetry={refetch} retrying={isFetching} />
        ) : clients.length === 0 ? (
          <EmptyState
            title="No clients found"
            description={filtered ? 'No clients match the selected filters.' : 'Get started by adding your first client'}
          />
        ) : (
          <div aria-busy={isFetching}>
            <ClientsTable clients={clients} firstNumber={(page - 1) * PAGE_SIZE + 1} onEdit={(client) => setForm({ open: true, client })} onDelete={setDeleting} />
            <RangePager page={page} pageSize={PAGE_SIZE} total={total} totalPages={totalPages} noun="clients" onChange={setPage} />
          </div>
        )}
      </Card>
      <ClientFormDialog open={form.open} client={form.client} onClose={() => setForm((current) => ({ ...current, open: false }))} />
      <DeleteClientDialog client={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
