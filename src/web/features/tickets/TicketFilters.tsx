import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Select, Typography } from 'antd';
import { TICKET_STATUSES, type TicketStatus } from '@/common/statuses';

const ALL_STATUSES = '';

interface TicketFiltersProps {
  searchPlaceholder: string;
  search: string;
  onSearch: (text: string) => void;
  status: TicketStatus | undefined;
  onStatus: (status: TicketStatus | undefined) => void;
}

/**
 * The text search and the status filter. The search looks only at the page shown (spec section 5),
 * and says so, so an empty result is not read as 'no such ticket anywhere'.
 */
export function TicketFilters({ searchPlaceholder, search, onSearch, status, onStatus }: TicketFiltersProps) {
  return (
    <Flex gap="middle" wrap align="center" style={{ marginBottom: 16 }}>
      <Flex vertical gap={2} style={{ flex: '1 1 240px', maxWidth: 420 }}>
        <Input
          id="ticket-search"
          aria-label="Search tickets"
          aria-describedby="ticket-search-scope"
          placeholder={searchPlaceholder}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
        <Typography.Text id="ticket-search-scope" type="secondary" style={{ fontSize: 12 }}>
          Searches this page
        </Typography.Text>
      </Flex>
      <Select<string>
        id="ticket-status-filter"
        aria-label="Filter by status"
        style={{ minWidth: 180, alignSelf: 'flex-start' }}
        value={status ?? ALL_STATUSES}
        options={[{ value: ALL_STATUSES, label: 'All Statuses' }, ...TICKET_STATUSES.map((value) => ({ value, label: value }))]}
        onChange={(value) => onStatus(value === ALL_STATUSES ? undefined : (value as TicketStatus))}
      />
    </Flex>
  );
}
