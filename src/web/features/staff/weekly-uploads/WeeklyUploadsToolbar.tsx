import { Flex, Radio, Tag, Typography } from 'antd';
import type { WeeklyDocumentsSummary } from '@/web/api/generated';
import { ClientChip, ClientPicker } from '@/web/components/clients/ClientPicker';
import { useClientOptions } from '@/web/components/clients/useClientOptions';
import { type SelectedWeek, WeekNavigator } from '@/web/components/WeekNavigator';
import { weekBreakdown } from '@/web/lib/weekBreakdown';
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
  /** The assigned client the list is narrowed to, else undefined (every assigned client). */
  clientId: string | undefined;
  onClientChange: (clientId: string | undefined) => void;
}

/** How the week's documents stand, in one line above the table: how many are done (approved), then each other state apart. */
function WeekSummary({ summary }: { summary: WeeklyDocumentsSummary }) {
  return (
    <Typography.Text type="secondary" aria-label="Week summary">
      {`${summary.approved} of ${summary.total} completed · ${weekBreakdown(summary)}`}
    </Typography.Text>
  );
}

/**
 * The filter, the client picker, the week navigator, and the badges naming the week, filter and
 * client shown (spec 2.17).
 */
export function WeeklyUploadsToolbar({ filter, weekStart, weekEnd, summary, onFilterChange, onWeekChange, clientId, onClientChange }: WeeklyUploadsToolbarProps) {
  const range = weekRangeLabel(weekStart, weekEnd);
  const clients = useClientOptions('staff', clientId);
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
        <ClientPicker picker={clients} value={clientId} onChange={onClientChange} />
        <WeekNavigator weekStart={weekStart} onChange={onWeekChange} />
      </Flex>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Tag color="blue" aria-label="Week and filter shown" style={{ marginInlineEnd: 0 }}>
          {filter === 'all' ? `${range} · All uploads` : `${range} · ${FILTER_LABELS[filter]}`}
        </Tag>
        {clientId && <ClientChip picker={clients} onClear={() => onClientChange(undefined)} />}
        {summary && <WeekSummary summary={summary} />}
      </Flex>
    </Flex>
  );
}
