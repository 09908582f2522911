import { PageHeader } from '@/web/components/PageHeader';

export function StaffFileUploadsPage() {
  return <PageHeader title="File Uploads" subtitle="View your uploaded files and their status" />;
}
