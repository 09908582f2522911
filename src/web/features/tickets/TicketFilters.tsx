import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Select } from 'antd';
import { TICKET_STATUSES, type TicketStatus } from '@/common/statuses';

const ALL_STATUSES = '';

interface TicketFiltersProps {
  searchPlaceholder: string;
  search: string;
  onSearch: (text: string) => void;
  status: TicketStatus | undefined;
  onStatus: (status: TicketStatus | undefined) => void;
}

/** The text search (current page) and the status filter (sent to the server). */
export function TicketFilters({ searchPlaceholder, search, onSearch, status, onStatus }: TicketFiltersProps) {
  return (
    <Flex gap="middle" wrap style={{ marginBottom: 16 }}>
      <Input
        id="ticket-search"
        aria-label="Search tickets"
        placeholder={searchPlaceholder}
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        style={{ flex: '1 1 240px', maxWidth: 420 }}
      />
      <Select<string>
        id="ticket-status-filter"
        aria-label="Filter by status"
        style={{ minWidth: 180 }}
        value={status ?? ALL_STATUSES}
        options={[{ value: ALL_STATUSES, label: 'All Statuses' }, ...TICKET_STATUSES.map((value) => ({ value, label: value }))]}
        onChange={(value) => onStatus(value === ALL_STATUSES ? undefined : (value as TicketStatus))}
      />
    </Flex>
  );
}
