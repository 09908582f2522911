import { FolderOpenOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { type ClientDetail, useGetStaffClientQuery } from '@/web/api/generated';
import { BackLink } from '@/web/components/BackLink';
import { ClientStatusToggle } from '@/web/components/ClientStatusToggle';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { formatDateTime } from '@/web/lib/formatDate';
import { CLIENT_NOT_FOUND_MESSAGE, isClientNotFound, useAssignedClientId } from './assignedClientRoute';

function documentCount(count: number): string {
  return `${count} ${count === 1 ? 'document' : 'documents'}`;
}

/** The facts of one client, with the status pill a staff member may switch. */
function ClientFacts({ client }: { client: ClientDetail }) {
  return (
    <Card>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'status', label: 'Status', children: <ClientStatusToggle client={client} /> },
          { key: 'organization', label: 'Organization', children: client.organization_name },
          { key: 'staff', label: 'Assigned Staff', children: client.assigned_staff_name ?? 'Unassigned' },
          { key: 'documents', label: 'Required Documents', children: documentCount(client.required_documents.length) },
          { key: 'added', label: 'Date Added', children: formatDateTime(client.created_at) },
        ]}
      />
    </Card>
  );
}

/** One assigned client (spec section 2.16), with the way to its documents. */
export function ClientDetailsPage() {
  const clientId = useAssignedClientId();
  const navigate = useNavigate();
  const { data, error, isLoading, isFetching, refetch } = useGetStaffClientQuery(clientId ? { id: clientId } : skipToken);
  const client = data?.data.client;

  let body;
  if (!clientId || isClientNotFound(error)) body = <Alert type="error" showIcon title={CLIENT_NOT_FOUND_MESSAGE} />;
  else if (isLoading) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (error || !client) body = <LoadError error={error} fallback="Failed to load client details" onRetry={refetch} retrying={isFetching} />;
  else
    body = (
      <>
        <PageHeader
          title={client.name}
          subtitle="Client details"
          extra={
            <Button type="primary" icon={<FolderOpenOutlined aria-hidden />} onClick={() => navigate(`/staff/clients/${client.id}/documents`)}>
              Manage Documents
            </Button>
          }
        />
        <ClientFacts client={client} />
      </>
    );

  return (
    <>
      <BackLink to="/staff/clients">Back to Clients</BackLink>
      {body}
    </>
  );
}
