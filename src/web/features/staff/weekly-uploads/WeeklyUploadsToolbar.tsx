import { Flex, Radio, Tag, Typography } from 'antd';
import type { WeeklyDocumentsSummary } from '@/web/api/generated';
import { type SelectedWeek, WeekNavigator } from '@/web/components/WeekNavigator';
import { weekRangeLabel } from '@/web/lib/weekRangeLabel';
import type { UploadFilter } from './useWeeklyUploadsParams';

export const FILTER_LABELS: Record<UploadFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  uploaded: 'Uploaded',
};

interface WeeklyUploadsToolbarProps extends SelectedWeek {
  filter: UploadFilter;
  summary: WeeklyDocumentsSummary | undefined;
  onFilterChange: (filter: UploadFilter) => void;
  onWeekChange: (week: SelectedWeek) => void;
}

/** How the week's documents stand, in one line above the table. */
function WeekSummary({ summary }: { summary: WeeklyDocumentsSummary }) {
  return (
    <Typography.Text type="secondary" aria-label="Week summary">
      {`${summary.uploaded} of ${summary.total} uploaded · ${summary.pending} pending review · ${summary.approved} approved · ${summary.rejected} rejected`}
    </Typography.Text>
  );
}

/** The filter, the week navigator, and the badge naming the week and filter shown (spec 2.17). */
export function WeeklyUploadsToolbar({ filter, weekStart, weekEnd, summary, onFilterChange, onWeekChange }: WeeklyUploadsToolbarProps) {
  const range = weekRangeLabel(weekStart, weekEnd);
  return (
    <Flex vertical gap="middle" style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Radio.Group
          aria-label="Filter uploads"
          optionType="button"
          value={filter}
          onChange={(event) => onFilterChange(event.target.value as UploadFilter)}
          options={Object.entries(FILTER_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <WeekNavigator weekStart={weekStart} onChange={onWeekChange} />
      </Flex>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Tag color="blue" aria-label="Week and filter shown" style={{ marginInlineEnd: 0 }}>
          {filter === 'all' ? `${range} · All uploads` : `${range} · ${FILTER_LABELS[filter]}`}
        </Tag>
        {summary && <WeekSummary summary={summary} />}
      </Flex>
    </Flex>
  );
}
