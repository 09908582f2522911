import { PageHeader } from '@/web/components/PageHeader';

export function StaffManagementPage() {
  return <PageHeader title="Staff Management" subtitle="Manage the staff members of your company" />;
}
