import { Card, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES } from '@/common/limits';
import type { WeeklyDocumentRow } from '@/web/api/generated';
import { useListCompanyWeeklyDocumentsQuery } from '@/web/api/generated';
import { EmptyState } from '@/web/components/EmptyState';
import { ListSkeleton } from '@/web/components/ListSkeleton';
import { LoadError } from '@/web/components/LoadError';
import { NumberedPager } from '@/web/components/NumberedPager';
import { PageHeader } from '@/web/components/PageHeader';
import { ConnectionBadge } from '@/web/components/uploads/ConnectionBadge';
import { useStepBackToLastPage } from '@/web/lib/useListParams';
import { useRealtimeConnection } from '@/web/realtime/useLiveProcessing';
import { ReviewDialog } from './ReviewDialog';
import { ReviewToolbar } from './ReviewToolbar';
import { ReviewUploadsTable } from './ReviewUploadsTable';
import { useReviewListParams } from './useReviewListParams';

const PAGE_SIZE = PAGE_SIZES.adminWeeklyUploads;
const LOAD_FAILED = 'Failed to load weekly uploads. Please try again.';

/**
 * The company's week (spec 2.12): one row per client's required document, with the uploads staff
 * made, followed live while they are processed, and reviewed from here. Week, filter, order and page
 * live in the address, so the dashboard's cards link straight to a filtered week.
 */
export function WeeklyUploadsReviewPage() {
  const { params, setWeek, setFilter, setSort, setPage, setClient } = useReviewListParams();
  const { weekStart, weekEnd, filter, sort, page, clientId } = params;
  const connection = useRealtimeConnection();
  const [reviewing, setReviewing] = useState<WeeklyDocumentRow | null>(null);

  const { data, error, isLoading, isFetching, refetch } = useListCompanyWeeklyDocumentsQuery({
    weekStart,
    weekEnd,
    page,
    limit: PAGE_SIZE,
    ...(clientId ? { clientId } : {}),
    ...(filter === 'all' ? {} : { filter }),
    ...(sort === 'client' ? {} : { sort }),
  });
  const rows = data?.data.documents ?? [];
  const pagination = data?.data.pagination;
  // Rows are numbered across pages by the page size the server answered with (spec 2.12).
  const firstNumber = (page - 1) * ((pagination?.limit as number | undefined) || PAGE_SIZES.adminWeeklyUploadsNumberingFallback) + 1;
  const steppingBack = useStepBackToLastPage(page, pagination?.totalPages, !isFetching, setPage);

  return (
    <>
      <PageHeader title="Weekly Uploads Review" subtitle="Review the weekly uploads of your company's staff" extra={<ConnectionBadge connection={connection} />} />
      <Card>
        <ReviewToolbar
          filter={filter}
          weekStart={weekStart}
          weekEnd={weekEnd}
          onFilterChange={setFilter}
          onWeekChange={setWeek}
          clientId={clientId}
          onClientChange={setClient}
        />
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
          {pagination && !error ? `Company Weekly Uploads (${pagination.totalCount} total)` : 'Company Weekly Uploads'}
        </Typography.Title>
        {isLoading || steppingBack || (isFetching && rows.length === 0) ? (
          <ListSkeleton label="Loading weekly uploads" />
        ) : error ? (
          <LoadError error={error} fallback={LOAD_FAILED} onRetry={refetch} retrying={isFetching} />
        ) : rows.length === 0 ? (
          <EmptyState
            title="No uploads found"
            description={clientId ? 'No uploads found for the selected client this week.' : 'No uploads found for any clients this week.'}
          />
        ) : (
          <div aria-busy={isFetching}>
            <ReviewUploadsTable rows={rows} firstNumber={firstNumber} sort={sort} onSort={setSort} onReview={setReviewing} />
            <NumberedPager page={page} totalPages={pagination?.totalPages ?? 1} onChange={setPage} />
          </div>
        )}
      </Card>
      <ReviewDialog row={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
