import { Flex, Select } from 'antd';
import { type SelectedWeek, WeekNavigator } from '@/web/components/WeekNavigator';
import { BulkDownloadMenu } from './BulkDownloadMenu';
import { REVIEW_FILTERS, type ReviewFilter } from './useReviewListParams';

const FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All uploads',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
  remaining: 'Remaining',
};

interface ReviewToolbarProps extends SelectedWeek {
  filter: ReviewFilter;
  onFilterChange: (filter: ReviewFilter) => void;
  onWeekChange: (week: SelectedWeek) => void;
}

/** The week navigator, the filter, and 'Download All' for the week shown (spec 2.12). */
export function ReviewToolbar({ filter, weekStart, weekEnd, onFilterChange, onWeekChange }: ReviewToolbarProps) {
  return (
    <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
      <WeekNavigator weekStart={weekStart} onChange={onWeekChange} />
      <Flex align="center" gap="small" wrap>
        <Select<ReviewFilter>
          id="weekly-uploads-filter"
          aria-label="Filter uploads"
          value={filter}
          onChange={onFilterChange}
          style={{ minWidth: 160 }}
          options={REVIEW_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        />
        <BulkDownloadMenu weekStart={weekStart} weekEnd={weekEnd} />
      </Flex>
    </Flex>
  );
}
