import { BackLink } from '@/web/components/BackLink';
import { PageHeader } from '@/web/components/PageHeader';

export function CompanyDetailPage() {
  return (
    <>
      <BackLink to="/system/companies">Back to Companies</BackLink>
      <PageHeader title="Company Details" />
    </>
  );
}
