import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { UploadStatusFilter } from '@/web/api/generated';
import { STATUS_FILTER_GROUPS } from './uploadFilters';

const ALL_STATUSES = '';
const ISO_DATE = 'YYYY-MM-DD';

interface FileUploadFiltersProps {
  search: string;
  onSearch: (text: string) => void;
  status: UploadStatusFilter | undefined;
  onStatus: (status: UploadStatusFilter | undefined) => void;
  /** ISO dates (YYYY-MM-DD), both ends included. */
  dateFrom: string | undefined;
  dateTo: string | undefined;
  onDates: (dates: { dateFrom?: string; dateTo?: string }) => void;
  /** Whether any filter or search is set: Clear Filters is offered only then. */
  filtered: boolean;
  onClear: () => void;
}

function asDay(date: string | undefined): Dayjs | null {
  return date ? dayjs(date, ISO_DATE) : null;
}

function asIsoDate(day: Dayjs | null): string | undefined {
  return day ? day.format(ISO_DATE) : undefined;
}

/**
 * The search over the page shown (and it says so, so an empty result is not read as 'no such upload
 * anywhere'), the status filter grouped into review decisions and processing stages, and the upload
 * date range, whose end cannot be picked before its start (each calendar opens on the month of the
 * other end when only that one is set).
 */
export function FileUploadFilters({ search, onSearch, status, onStatus, dateFrom, dateTo, onDates, filtered, onClear }: FileUploadFiltersProps) {
  const from = asDay(dateFrom);
  const to = asDay(dateTo);
  return (
    <Flex gap="middle" wrap align="flex-start" style={{ marginBottom: 16 }}>
      <Flex vertical gap={2} style={{ flex: '1 1 240px', maxWidth: 360 }}>
        <Input
          id="file-upload-search"
          aria-label="Search file uploads"
          aria-describedby="file-upload-search-scope"
          placeholder="Search files, staff or clients..."
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
        <Typography.Text id="file-upload-search-scope" type="secondary" style={{ fontSize: 12 }}>
          Searches this page
        </Typography.Text>
      </Flex>
      <Select<string>
        id="file-upload-status-filter"
        aria-label="Filter by status"
        style={{ minWidth: 220 }}
        virtual={false}
        value={status ?? ALL_STATUSES}
        options={[{ value: ALL_STATUSES, label: 'All Statuses' }, ...STATUS_FILTER_GROUPS]}
        onChange={(value) => onStatus(value === ALL_STATUSES ? undefined : (value as UploadStatusFilter))}
      />
      <DatePicker
        id="file-upload-date-from"
        aria-label="Uploaded from"
        placeholder="From date"
        format={ISO_DATE}
        value={from}
        defaultPickerValue={to ?? undefined}
        disabledDate={(day) => (to ? day.isAfter(to, 'day') : false)}
        onChange={(day: Dayjs | null) => onDates({ dateFrom: asIsoDate(day), dateTo })}
      />
      <DatePicker
        id="file-upload-date-to"
        aria-label="Uploaded to"
        placeholder="To date"
        format={ISO_DATE}
        value={to}
        defaultPickerValue={from ?? undefined}
        disabledDate={(day) => (from ? day.isBefore(from, 'day') : false)}
        onChange={(day: Dayjs | null) => onDates({ dateFrom, dateTo: asIsoDate(day) })}
      />
      <Button icon={<ClearOutlined aria-hidden />} disabled={!filtered} onClick={onClear}>
        Clear Filters
      </Button>
    </Flex>
  );
}
