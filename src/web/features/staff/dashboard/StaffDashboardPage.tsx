import { PageHeader } from '@/web/components/PageHeader';

export function StaffDashboardPage() {
  return <PageHeader title="Dashboard" />;
}
