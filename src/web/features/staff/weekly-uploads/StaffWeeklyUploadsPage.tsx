import { PageHeader } from '@/web/components/PageHeader';

export function StaffWeeklyUploadsPage() {
  return <PageHeader title="Weekly Uploads" subtitle="Track and upload documents for your assigned clients" />;
}
