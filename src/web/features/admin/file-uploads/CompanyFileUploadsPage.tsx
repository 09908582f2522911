import { PageHeader } from '@/web/components/PageHeader';

export function CompanyFileUploadsPage() {
  return <PageHeader title="File Uploads" subtitle="View and manage all file uploads from your company staff" />;
}
