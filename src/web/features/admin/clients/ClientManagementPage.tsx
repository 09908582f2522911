import { PageHeader } from '@/web/components/PageHeader';

export function ClientManagementPage() {
  return <PageHeader title="Client Management" subtitle="Manage your company's clients and their staff assignments" />;
}
