import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { type StaffWeeklyStats, useGetStaffWeeklyStatsQuery } from '@/web/api/generated';
import { DashboardLinkCard } from '@/web/components/DashboardLinkCard';
import { WeeklyOverviewSection } from '@/web/components/WeeklyOverviewSection';
import { WeeklyProgressCard } from '@/web/components/WeeklyProgressCard';
import { errorMessage } from '@/web/lib/errorMessage';
import { useSelectedWeek, withWeek } from '@/web/lib/useSelectedWeek';
import { weekBreakdown } from '@/web/lib/weekBreakdown';
import { useRealtimeConnection } from '@/web/realtime/useLiveProcessing';

const WEEKLY_UPLOADS = '/staff/weekly-uploads';

interface WeeklyCard {
  title: string;
  /** The staff weekly uploads filter the card opens (spec section 4). */
  filter: 'uploaded' | 'pending' | 'approved' | 'rejected';
  value: (stats: StaffWeeklyStats) => number;
  description: string;
  icon: ReactNode;
}

const CARDS: WeeklyCard[] = [
  { title: 'Total Uploaded', filter: 'uploaded', value: (s) => s.totalUploaded, description: 'Reviewed + Unreviewed', icon: <CloudUploadOutlined /> },
  { title: 'Pending Review', filter: 'pending', value: (s) => s.uploadsPendingReview, description: 'Awaiting admin review', icon: <ClockCircleOutlined /> },
  { title: 'Approved', filter: 'approved', value: (s) => s.approvedUploads, description: 'Approved by an admin', icon: <CheckCircleOutlined /> },
  { title: 'Rejected', filter: 'rejected', value: (s) => s.rejectedUploads, description: 'To upload again', icon: <CloseCircleOutlined /> },
];

/** The rest of the staff member's week, each state apart. */
export function staffWeekDetail(stats: StaffWeeklyStats): string {
  return weekBreakdown({
    pending: stats.uploadsPendingReview,
    rejected: stats.rejectedUploads,
    failed: stats.failedUploads,
    processing: stats.processingUploads,
    remaining: stats.remainingUploads,
  });
}

/**
 * The staff member's chosen week (spec section 2.15; the week lives in the address): their upload
 * counts, each opening the weekly uploads filtered the same way for that week, and how many of their
 * clients have completed the week (approved; the percentage is the server's), with the rest counted
 * by state. An admin's decision refetches the figures while the page is open.
 */
export function StaffWeeklyOverview() {
  useRealtimeConnection();
  const { week, setWeek } = useSelectedWeek();
  // currentData: the figures of the week chosen, never those of the week before while it loads.
  const { currentData, error, isFetching, refetch } = useGetStaffWeeklyStatsQuery(week);
  const stats = currentData?.data.stats;
  const loading = isFetching && !stats;

  return (
    <WeeklyOverviewSection week={week} onWeekChange={setWeek} error={error && !isFetching ? errorMessage(error, 'Failed to load weekly statistics') : undefined} onRetry={() => void refetch()}>
      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.filter} xs={24} sm={12} lg={6}>
            <DashboardLinkCard
              title={card.title}
              value={stats && card.value(stats)}
              description={card.description}
              to={withWeek(WEEKLY_UPLOADS, week, { filter: card.filter })}
              icon={card.icon}
              loading={loading}
            />
          </Col>
        ))}
        <Col span={24}>
          <WeeklyProgressCard
            title="Weekly Completion"
            done={stats?.clientsCompleted}
            total={stats?.totalAssignedClients}
            doneWord="completed"
            detail={stats && staffWeekDetail(stats)}
            percent={stats && Math.round(stats.completionPercentage)}
            to={withWeek(WEEKLY_UPLOADS, week)}
            loading={loading}
          />
        </Col>
      </Row>
    </WeeklyOverviewSection>
  );
}
