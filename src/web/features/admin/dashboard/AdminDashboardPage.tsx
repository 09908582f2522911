import { Alert, Breadcrumb, Flex, Skeleton } from 'antd';
import { useGetCurrentCompanyQuery } from '@/web/api/generated';
import { LoadError } from '@/web/components/LoadError';
import { CompanyOverview } from './CompanyOverview';
import { CompanyWeeklyOverview } from './CompanyWeeklyOverview';

/**
 * The company admin's home (spec section 2.9): which company this is and its headline numbers,
 * then the chosen week's uploads. The week is read on its own, so it shows even when the
 * company's own read fails.
 */
export function AdminDashboardPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetCurrentCompanyQuery();
  const company = data?.data?.company;

  let body;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (error) body = <LoadError error={error} fallback="Failed to load company dashboard" onRetry={refetch} retrying={isFetching} />;
  else if (!company) body = <Alert type="error" showIcon title="Company data not found" />;
  else body = <CompanyOverview company={company} />;

  return (
    <>
      <Breadcrumb aria-label="Breadcrumb" items={[{ title: 'Admin' }, { title: 'Dashboard' }]} style={{ marginBottom: 16 }} />
      <Flex vertical gap="large">
        {body}
        <CompanyWeeklyOverview />
      </Flex>
    </>
  );
}
