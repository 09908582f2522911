import { PageHeader } from '@/web/components/PageHeader';

export function WeeklyUploadsReviewPage() {
  return <PageHeader title="Weekly Uploads Review" />;
}
