import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { TICKET_STATUSES, type TicketStatus } from '@/common/statuses';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { useSearchBox } from '@/web/lib/useSearchBox';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketCard } from './TicketCard';
import { TicketFilters } from './TicketFilters';
import { searchTickets } from './ticketSearch';
import { PageTicketStats, PlatformTicketStats } from './TicketStats';
import { type TicketScope, useTicketList } from './useTicketList';

const TICKETS = { singular: 'ticket', plural: 'tickets' };

function asStatus(value: string): TicketStatus | undefined {
  return (TICKET_STATUSES as readonly string[]).includes(value) ? (value as TicketStatus) : undefined;
}

interface TicketsPageProps {
  /** 'all' for the operators (every ticket, status changes); 'mine' for a company's users. */
  scope: TicketScope;
  title: string;
  subtitle: string;
  /** Where a ticket of this list opens: `${detailBase}/${id}`. */
  detailBase: string;
}

/**
 * The ticket list of every role (spec sections 2.8, 2.14, 2.19). Page, status filter and search live
 * in the address. The status filter asks the server (and starts from page 1); the search only
 * filters the page shown, so it keeps the page and the pager.
 */
export function TicketsPage({ scope, title, subtitle, detailBase }: TicketsPageProps) {
  const { params, setParams, setPage } = useListParams({ status: '', search: '' });
  const { page } = params;
  const status = asStatus(params.status);
  const [search, setSearch] = useSearchBox(params.search, (text) => setParams({ search: text, page }, { replace: true }));
  const [creating, setCreating] = useState(false);
  const { tickets, pagination, isLoading, isFetching, error, refetch, statistics, statisticsLoading } = useTicketList(scope, page, status);
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);

  const operators = scope === 'all';
  const shown = searchTickets(tickets, search, operators ? ['title', 'description', 'created_by_name'] : ['title', 'description']);
  const filtered = status !== undefined || search.trim() !== '';
  const pager = (
    <RangePager
      page={page}
      pageSize={PAGE_SIZES.tickets}
      total={pagination?.total ?? tickets.length}
      totalPages={pagination?.totalPages ?? 1}
      noun={TICKETS}
      onChange={setPage}
    />
  );

  let content;
  if (isLoading || steppingBack || (isFetching && tickets.length === 0)) content = <ListSkeleton label="Loading tickets" />;
  else if (error) content = <LoadError error={error} fallback="Failed to load tickets. Please try again later." message="Failed to load tickets. Please try again later." onRetry={refetch} retrying={isFetching} />;
  else if (tickets.length === 0)
    content = (
      <EmptyState
        title="No tickets found"
        description={filtered ? 'Try adjusting your search or status filter' : operators ? 'No tickets have been raised yet' : "You haven't created any tickets yet"}
        action={
          !filtered &&
          !operators && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              Create Your First Ticket
            </Button>
          )
        }
      />
    );
  else if (shown.length === 0)
    content = (
      <>
        <EmptyState title="No tickets found" description={`No ticket on this page matches "${search.trim()}". Try another page or a different search.`} />
        {pager}
      </>
    );
  else
    content = (
      <>
        <Row gutter={[16, 16]}>
          {shown.map((ticket) => (
            <Col key={ticket.id} xs={24} md={12} xl={8}>
              <TicketCard ticket={ticket} to={`${detailBase}/${ticket.id}`} />
            </Col>
          ))}
        </Row>
        {pager}
      </>
    );

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        extra={
          !operators && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              New Ticket
            </Button>
          )
        }
      />
      {operators ? <PlatformTicketStats statistics={statistics} loading={statisticsLoading} /> : <PageTicketStats tickets={tickets} />}
      <Card>
        <TicketFilters
          searchPlaceholder={operators ? 'Search tickets...' : 'Search your tickets...'}
          search={search}
          onSearch={setSearch}
          status={status}
          onStatus={(next) => setParams({ status: next ?? '' })}
        />
        <div aria-busy={isFetching}>{content}</div>
      </Card>
      {!operators && <NewTicketDialog open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
