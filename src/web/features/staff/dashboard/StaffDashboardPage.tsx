import { TeamOutlined } from '@ant-design/icons';
import { Breadcrumb, Col, Flex, Row } from 'antd';
import { PAGE_SIZES } from '@/common/limits';
import { useSelector } from 'react-redux';
import { type CurrentUser, useListStaffClientsQuery } from '@/web/api/generated';
import { DashboardLinkCard } from '@/web/components/DashboardLinkCard';
import { LoadError } from '@/web/components/LoadError';
import { StaffWeeklyOverview } from './StaffWeeklyOverview';
import { StaffWelcome } from './StaffWelcome';

/**
 * The signed-in user as the session keeps it in the store. Read here by its shape because features
 * do not import one another, and the auth feature owns the slice.
 */
const selectSignedInUser = (state: { auth: { user: CurrentUser | null } }) => state.auth.user;

/**
 * The staff member's home (spec section 2.15): who is signed in, how many clients they handle, and
 * the chosen week's uploads. The count asks for a single row and reads the total, rather than
 * loading the whole list.
 */
export function StaffDashboardPage() {
  const user = useSelector(selectSignedInUser);
  const { data, error, isLoading, isFetching, refetch } = useListStaffClientsQuery({ limit: PAGE_SIZES.assignedClientsSummary });

  return (
    <>
      <Breadcrumb aria-label="Breadcrumb" style={{ marginBottom: 16 }} items={[{ title: 'Staff' }, { title: 'Dashboard' }]} />
      <StaffWelcome user={user} />
      {error && <LoadError error={error} fallback="Failed to load staff dashboard" onRetry={refetch} retrying={isFetching} style={{ marginBottom: 16 }} />}
      <Flex vertical gap="large">
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} lg={8}>
            <DashboardLinkCard
              title="Assigned Clients"
              value={data?.data.pagination.totalCount}
              description="Active client assignments"
              to="/staff/clients"
              icon={<TeamOutlined />}
              loading={isLoading}
            />
          </Col>
        </Row>
        <StaffWeeklyOverview />
      </Flex>
    </>
  );
}
