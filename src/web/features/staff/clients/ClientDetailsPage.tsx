import { BackLink } from '@/web/components/BackLink';
import { PageHeader } from '@/web/components/PageHeader';

export function ClientDetailsPage() {
  return (
    <>
      <BackLink to="/staff/clients">Back to Clients</BackLink>
      <PageHeader title="Client Details" />
    </>
  );
}
