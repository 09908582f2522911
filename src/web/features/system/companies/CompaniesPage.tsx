import { PageHeader } from '@/web/components/PageHeader';

export function CompaniesPage() {
  return <PageHeader title="Companies" subtitle="Manage companies in the system" />;
}
