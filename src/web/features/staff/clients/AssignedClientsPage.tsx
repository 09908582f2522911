import { PageHeader } from '@/web/components/PageHeader';

export function AssignedClientsPage() {
  return <PageHeader title="Assigned Clients" />;
}
