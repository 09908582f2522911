import { Alert, Breadcrumb, Skeleton } from 'antd';
import { useGetCurrentCompanyQuery } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { CompanyOverview } from './CompanyOverview';

/**
 * The company admin's home (spec section 2.9): which company this is and its headline numbers.
 * The weekly overview joins it below the company cards.
 */
export function AdminDashboardPage() {
  const { data, error, isLoading } = useGetCurrentCompanyQuery();
  const company = data?.data?.company;

  let body;
  if (isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (error) body = <Alert type="error" showIcon title={errorMessage(error, 'Failed to load company dashboard')} />;
  else if (!company) body = <Alert type="error" showIcon title="Company data not found" />;
  else body = <CompanyOverview company={company} />;

  return (
    <>
      <Breadcrumb aria-label="Breadcrumb" items={[{ title: 'Admin' }, { title: 'Dashboard' }]} style={{ marginBottom: 16 }} />
      {body}
    </>
  );
}
