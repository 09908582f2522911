import { PageHeader } from '@/web/components/PageHeader';

export function ConsolidatedFilesPage() {
  return <PageHeader title="Consolidated Files" subtitle="View and manage consolidated payroll files" />;
}
