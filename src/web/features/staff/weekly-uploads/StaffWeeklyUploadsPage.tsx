import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import { useGetStaffWeeklyDocumentsSummaryQuery, useListStaffWeeklyDocumentsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { PageHeader } from '@/web/components/PageHeader';
import { RangePager } from '@/web/components/RangePager';
import { ConnectionBadge } from '@/web/components/uploads/ConnectionBadge';
import { useStepBackToLastPage } from '@/web/lib/useListParams';
import { useRealtimeConnection } from '@/web/realtime/useLiveProcessing';
import { UploadReviewDialog } from './UploadReviewDialog';
import { useWeeklyUploadsParams } from './useWeeklyUploadsParams';
import { WeeklyUploadsTable } from './WeeklyUploadsTable';
import { WeeklyUploadsToolbar } from './WeeklyUploadsToolbar';
import { WeekUploadDialog } from './WeekUploadDialog';

const PAGE_SIZE = PAGE_SIZES.staffWeeklyUploads;
const LOAD_FAILED = 'Failed to load weekly uploads. Please try again.';

/**
 * The staff member's week (spec 2.17): one row per assigned client's required document, uploaded
 * from here and followed live through consolidation and scrubbing. Week, filter and page live in
 * the address; the socket's progress arrives through the store.
 */
export function StaffWeeklyUploadsPage() {
  const { params, setWeek, setFilter, setPage, setClient } = useWeeklyUploadsParams();
  const { weekStart, weekEnd, filter, page, clientId } = params;
  const connection = useRealtimeConnection();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [uploadingWeek, setUploadingWeek] = useState(false);

  const scope = { weekStart, weekEnd, ...(clientId ? { clientId } : {}) };
  const { data, error, isLoading, isFetching, refetch } = useListStaffWeeklyDocumentsQuery({
    ...scope,
    page,
    limit: PAGE_SIZE,
    ...(filter === 'all' ? {} : { filter }),
  });
  const { data: summary } = useGetStaffWeeklyDocumentsSummaryQuery(scope);
  const rows = data?.data.documents ?? [];
  const pagination = data?.data.pagination;
  // A shared link or a filter change can name a page past the end: show the last one instead.
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);

  return (
    <>
      <PageHeader
        title="Weekly Uploads"
        subtitle="Track and upload the weekly documents of your assigned clients"
        extra={
          <Flex gap="small" align="center">
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => setUploadingWeek(true)}>
              Upload the week
            </Button>
            <ConnectionBadge connection={connection} />
          </Flex>
        }
      />
      <Card>
        <WeeklyUploadsToolbar
          filter={filter}
          weekStart={weekStart}
          weekEnd={weekEnd}
          summary={summary?.data.summary}
          onFilterChange={setFilter}
          onWeekChange={setWeek}
          clientId={clientId}
          onClientChange={setClient}
        />
        {isLoading || steppingBack || (isFetching && rows.length === 0) ? (
          <ListSkeleton label="Loading weekly uploads" />
        ) : error ? (
          <LoadError error={error} fallback={LOAD_FAILED} onRetry={refetch} retrying={isFetching} />
        ) : rows.length === 0 ? (
          <EmptyState
            title="No uploads found"
            description={clientId ? 'No uploads found for the selected client' : 'No required uploads found for this week'}
          />
        ) : (
          <div aria-busy={isFetching}>
            <WeeklyUploadsTable rows={rows} firstNumber={(page - 1) * PAGE_SIZE + 1} weekStart={weekStart} onOpenReview={setReviewing} />
            {pagination && pagination.totalPages > 1 && (
              <RangePager page={page} pageSize={PAGE_SIZE} total={pagination.totalCount} totalPages={pagination.totalPages} noun="uploads" onChange={setPage} />
            )}
          </div>
        )}
      </Card>
      <UploadReviewDialog uploadId={reviewing} onClose={() => setReviewing(null)} />
      <WeekUploadDialog open={uploadingWeek} weekStart={weekStart} onClose={() => setUploadingWeek(false)} />
    </>
  );
}
