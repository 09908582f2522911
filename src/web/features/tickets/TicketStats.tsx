import { Flex } from 'antd';
import type { Ticket, TicketStatistics } from '@/web/api/generated';
import { StatCard } from '@/web/components/StatCard';

interface Stat {
  title: string;
  value: number;
}

function Cards({ stats, loading }: { stats: Stat[]; loading?: boolean }) {
  return (
    <Flex gap={16} wrap style={{ marginBottom: 16 }}>
      {stats.map((stat) => (
        <div key={stat.title} style={{ flex: '1 1 160px' }}>
          <StatCard title={stat.title} value={stat.value} loading={loading} />
        </div>
      ))}
    </Flex>
  );
}

/** Operators see the counts of every ticket on the platform. */
export function PlatformTicketStats({ statistics, loading }: { statistics?: TicketStatistics; loading: boolean }) {
  return (
    <Cards
      loading={loading}
      stats={[
        { title: 'Total Tickets', value: statistics?.total_tickets ?? 0 },
        { title: 'Open', value: statistics?.open_tickets ?? 0 },
        { title: 'In Progress', value: statistics?.in_progress_tickets ?? 0 },
        { title: 'Completed', value: statistics?.completed_tickets ?? 0 },
        { title: 'Closed', value: statistics?.closed_tickets ?? 0 },
      ]}
    />
  );
}

/** A company user sees the counts of the tickets on the current page. */
export function PageTicketStats({ tickets }: { tickets: Ticket[] }) {
  const count = (status: Ticket['status']) => tickets.filter((ticket) => ticket.status === status).length;
  return (
    <Cards
      stats={[
        { title: 'Total', value: tickets.length },
        { title: 'Open', value: count('OPEN') },
        { title: 'In Progress', value: count('IN_PROGRESS') },
        { title: 'Completed', value: count('COMPLETED') },
      ]}
    />
  );
}
