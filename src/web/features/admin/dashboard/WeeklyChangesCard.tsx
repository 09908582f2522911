import { Card, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { PAGE_SIZES } from '@/common/limits';
import { useListCompanyWeeklyDocumentsQuery } from '@/web/api/generated';
import { LoadError } from '@/web/components/LoadError';
import { ChangesBadge } from '@/web/components/uploads/ChangesBadge';
import { type WeekDates, withWeek } from '@/web/lib/useSelectedWeek';

const WEEKLY_UPLOADS = '/admin/weekly-uploads';
const MOST_CHANGED = { sort: 'week_over_week_warnings' } as const;

/**
 * The week's clients with an upload, the most changed since their last approved week first, each
 * with its count of week-over-week warnings and leading to its upload in the review list; the whole
 * list, in the same order, is a link away. The admin reviews the unusual weeks first.
 */
export function WeeklyChangesCard({ week }: { week: WeekDates }) {
  // currentData: the clients of the week chosen, never those of the week before while it loads.
  const { currentData, error, isFetching, refetch } = useListCompanyWeeklyDocumentsQuery({
    ...week,
    filter: 'completed',
    ...MOST_CHANGED,
    page: 1,
    limit: PAGE_SIZES.adminWeeklyChanges,
  });
  const rows = currentData?.data.documents;

  return (
    <Card
      size="small"
      title={<span id="weekly-changes">Changes since last approved week</span>}
      extra={<Link to={withWeek(WEEKLY_UPLOADS, week, MOST_CHANGED)}>All uploads by changes</Link>}
    >
      {error && !isFetching ? (
        <LoadError error={error} fallback="Failed to load the changes of the week" onRetry={refetch} retrying={isFetching} />
      ) : !rows ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : rows.length === 0 ? (
        <Typography.Text type="secondary">No client has uploaded this week yet.</Typography.Text>
      ) : (
        <Flex component="ol" vertical gap="small" aria-labelledby="weekly-changes" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {rows.map((row) => (
            <Flex component="li" key={`${row.client.id}:${row.document.id}`} justify="space-between" align="center" gap="small">
              <Link to={withWeek(WEEKLY_UPLOADS, week, { clientId: row.client.id })}>{row.client.name}</Link>
              <ChangesBadge count={row.upload?.week_over_week_warnings} />
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
