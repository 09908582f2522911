import type { TicketStatus } from '@/common/statuses';
import { PAGE_SIZES } from '@/common/limits';
import { useGetTicketStatisticsQuery, useListAllTicketsQuery, useListMyTicketsQuery } from '@/web/api/generated';

/** 'all': every ticket on the platform (operators); 'mine': the tickets the user raised. */
export type TicketScope = 'all' | 'mine';

/** A page of tickets of the scope, with the platform statistics for operators. */
export function useTicketList(scope: TicketScope, page: number, status: TicketStatus | undefined) {
  const arg = { page, limit: PAGE_SIZES.tickets, ...(status ? { status } : {}) };
  const all = useListAllTicketsQuery(arg, { skip: scope !== 'all' });
  const mine = useListMyTicketsQuery(arg, { skip: scope !== 'mine' });
  const statistics = useGetTicketStatisticsQuery(undefined, { skip: scope !== 'all' });
  const list = scope === 'all' ? all : mine;
  return {
    tickets: list.data?.data.tickets ?? [],
    pagination: list.data?.data.pagination,
    isLoading: list.isLoading,
    isFetching: list.isFetching,
    error: list.error,
    refetch: list.refetch,
    statistics: statistics.data?.data.statistics,
    statisticsLoading: statistics.isLoading,
  };
}
