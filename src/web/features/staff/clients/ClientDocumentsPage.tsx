import { Alert, Flex, Skeleton } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetStaffClientQuery, useListStaffClientUploadsQuery } from '@/web/api/generated';
import { BackLink } from '@/web/components/BackLink';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { useListParams, useStepBackToLastPage } from '@/web/lib/useListParams';
import { CLIENT_NOT_FOUND_MESSAGE, isClientNotFound, useAssignedClientId } from './assignedClientRoute';
import { RequiredDocumentCard } from './RequiredDocumentCard';
import { UploadHistoryCard } from './UploadHistoryCard';

/** Weeks of history per page: the spec names no size for this list, so it pages like the staff's others (10). */
const PAGE_SIZE = 10;

/**
 * One assigned client's documents (reached by Manage Documents): the required document with this
 * week's state, and the history of its weekly uploads. The page of history lives in the address,
 * so Back and a shared link return to the same weeks.
 */
export function ClientDocumentsPage() {
  const clientId = useAssignedClientId();
  const { params, setPage } = useListParams({});
  const { page } = params;
  const client = useGetStaffClientQuery(clientId ? { id: clientId } : skipToken);
  const history = useListStaffClientUploadsQuery(clientId ? { id: clientId, page, limit: PAGE_SIZE } : skipToken);
  const historyData = history.data?.data;
  useStepBackToLastPage(page, historyData?.pagination.totalPages, !history.isFetching, setPage);

  const backLink = clientId ? (
    <BackLink to={`/staff/clients/${clientId}`}>Back to Client</BackLink>
  ) : (
    <BackLink to="/staff/clients">Back to Clients</BackLink>
  );
  const clientName = client.data?.data.client.name;

  let body;
  if (!clientId || isClientNotFound(client.error) || isClientNotFound(history.error)) {
    body = <Alert type="error" showIcon title={CLIENT_NOT_FOUND_MESSAGE} />;
  } else if (client.isLoading) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (client.error || !clientName) {
    body = <LoadError error={client.error} fallback="Failed to load client details" onRetry={client.refetch} retrying={client.isFetching} />;
  } else {
    body = (
      <>
        <PageHeader title={`${clientName} Documents`} subtitle="The required weekly document, where it stands this week, and every upload so far" />
        {history.isLoading ? (
          <ListSkeleton label="Loading documents" />
        ) : history.error || !historyData ? (
          <LoadError error={history.error} fallback="Failed to load upload history" onRetry={history.refetch} retrying={history.isFetching} />
        ) : (
          <Flex vertical gap="large">
            <RequiredDocumentCard document={historyData.document} week={historyData.currentWeek} clientId={clientId} />
            <UploadHistoryCard
              weeks={historyData.weeks}
              documentTitle={historyData.document.title}
              pagination={historyData.pagination}
              page={page}
              pageSize={PAGE_SIZE}
              fetching={history.isFetching}
              clientId={clientId}
              onPageChange={setPage}
            />
          </Flex>
        )}
      </>
    );
  }

  return (
    <>
      {backLink}
      {body}
    </>
  );
}
