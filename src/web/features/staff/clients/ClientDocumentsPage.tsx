import { useParams } from 'react-router-dom';
import { BackLink } from '@/web/components/BackLink';
import { PageHeader } from '@/web/components/PageHeader';

export function ClientDocumentsPage() {
  const { clientId } = useParams();
  return (
    <>
      <BackLink to={`/staff/clients/${clientId ?? ''}`}>Back to Client</BackLink>
      <PageHeader title="Manage Documents" />
    </>
  );
}
