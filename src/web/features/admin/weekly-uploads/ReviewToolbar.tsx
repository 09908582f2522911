import { Flex, Select } from 'antd';
import { ClientChip, ClientPicker } from '@/web/components/clients/ClientPicker';
import { useClientOptions } from '@/web/components/clients/useClientOptions';
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
  /** The client the list is narrowed to, else undefined (every client of the company). */
  clientId: string | undefined;
  onClientChange: (clientId: string | undefined) => void;
}

/**
 * The week navigator, the client picker, the filter, and 'Download All' for the week shown (spec
 * 2.12); a list narrowed to one client says so in a chip that clears it.
 */
export function ReviewToolbar({ filter, weekStart, weekEnd, onFilterChange, onWeekChange, clientId, onClientChange }: ReviewToolbarProps) {
  const clients = useClientOptions('company', clientId);
  return (
    <Flex justify="space-between" align="center" gap="middle" wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap="middle" wrap>
        <WeekNavigator weekStart={weekStart} onChange={onWeekChange} />
        {clientId && <ClientChip picker={clients} onClear={() => onClientChange(undefined)} />}
      </Flex>
      <Flex align="center" gap="small" wrap>
        <ClientPicker picker={clients} value={clientId} onChange={onClientChange} />
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
