import { PageHeader } from '@/web/components/PageHeader';

export function AdminDashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Company Admin Overview" />;
}
