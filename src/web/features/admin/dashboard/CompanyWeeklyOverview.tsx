import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, CloudUploadOutlined, HourglassOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { type AdminWeeklyStats, useGetCompanyWeeklyStatsQuery } from '@/web/api/generated';
import { DashboardLinkCard } from '@/web/components/DashboardLinkCard';
import { WeeklyOverviewSection } from '@/web/components/WeeklyOverviewSection';
import { WeeklyProgressCard } from '@/web/components/WeeklyProgressCard';
import { errorMessage } from '@/web/lib/errorMessage';
import { useSelectedWeek, withWeek } from '@/web/lib/useSelectedWeek';
import { weekBreakdown } from '@/web/lib/weekBreakdown';
import { wholePercent } from '@/web/lib/wholePercent';
import { useRealtimeConnection } from '@/web/realtime/useLiveProcessing';
import { WeeklyChangesCard } from './WeeklyChangesCard';

const WEEKLY_UPLOADS = '/admin/weekly-uploads';

/**
 * The share of reviewed uploads that were approved: approved / (approved + rejected). Uploads still
 * awaiting review have no verdict yet, so they count neither way; 0 % while nothing is reviewed.
 */
export function approvalRate(stats: Pick<AdminWeeklyStats, 'approvedUploads' | 'rejectedUploads'>): number {
  return wholePercent(stats.approvedUploads, stats.approvedUploads + stats.rejectedUploads);
}

interface WeeklyCard {
  title: string;
  /** The admin weekly uploads filter the card opens (spec section 4). */
  filter: 'pending' | 'rejected' | 'approved' | 'remaining' | 'completed';
  value: (stats: AdminWeeklyStats) => number;
  description: (stats: AdminWeeklyStats | undefined) => string;
  icon: ReactNode;
}

const CARDS: WeeklyCard[] = [
  { title: 'Pending Reviews', filter: 'pending', value: (s) => s.pendingReviews, description: () => 'Files awaiting review', icon: <ClockCircleOutlined /> },
  { title: 'Rejected Uploads', filter: 'rejected', value: (s) => s.rejectedUploads, description: () => 'Sent back to staff', icon: <CloseCircleOutlined /> },
  {
    title: 'Approved Uploads',
    filter: 'approved',
    value: (s) => s.approvedUploads,
    description: (s) => (s ? `${approvalRate(s)}% approval rate` : 'Approval rate'),
    icon: <CheckCircleOutlined />,
  },
  { title: 'Remaining Uploads', filter: 'remaining', value: (s) => s.remainingUploads, description: () => 'Clients yet to upload', icon: <HourglassOutlined /> },
  { title: 'Completed Uploads', filter: 'completed', value: (s) => s.completedUploads, description: () => 'Total uploads this week', icon: <CloudUploadOutlined /> },
];

/** The rest of the company's week, each state apart. */
export function companyWeekDetail(stats: AdminWeeklyStats): string {
  return weekBreakdown({
    pending: stats.pendingReviews,
    rejected: stats.rejectedUploads,
    failed: stats.failedUploads,
    processing: stats.processingUploads,
    remaining: stats.remainingUploads,
  });
}

/**
 * The company's week at a glance (spec section 2.9): the chosen week (kept in the address), its
 * upload counts each leading to the review list filtered the same way, how many clients have
 * completed the week (approved) out of all with the rest counted by state, and which of them changed
 * most since their last approved week. Decisions and new uploads refetch the figures while it is open.
 */
export function CompanyWeeklyOverview() {
  useRealtimeConnection();
  const { week, setWeek } = useSelectedWeek();
  // currentData: the figures of the week chosen, never those of the week before while it loads.
  const { currentData, error, isFetching, refetch } = useGetCompanyWeeklyStatsQuery(week);
  const stats = currentData?.data.stats;
  const loading = isFetching && !stats;

  return (
    <WeeklyOverviewSection week={week} onWeekChange={setWeek} error={error && !isFetching ? errorMessage(error, 'Failed to load weekly statistics') : undefined} onRetry={() => void refetch()}>
      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.filter} xs={24} sm={12} lg={8} xl={{ flex: '20%' }}>
            <DashboardLinkCard
              title={card.title}
              value={stats && card.value(stats)}
              description={card.description(stats)}
              to={withWeek(WEEKLY_UPLOADS, week, { filter: card.filter })}
              icon={card.icon}
              loading={loading}
            />
          </Col>
        ))}
        <Col span={24}>
          <WeeklyProgressCard
            title="Weekly Processing Summary"
            done={stats?.clientsCompleted}
            total={stats?.totalClients}
            doneWord="completed"
            detail={stats && companyWeekDetail(stats)}
            percent={stats && wholePercent(stats.clientsCompleted, stats.totalClients)}
            to={withWeek(WEEKLY_UPLOADS, week)}
            loading={loading}
          />
        </Col>
        <Col span={24}>
          <WeeklyChangesCard week={week} />
        </Col>
      </Row>
    </WeeklyOverviewSection>
  );
}
