import { Flex, Tabs } from 'antd';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type ClientStatus } from '@/common/statuses';
import { StaffSelect } from './StaffSelect';

/** The tab that sends no status. */
export const ALL_STATUSES = '';
const ALL_STAFF = { value: '', label: 'All Staff' };

const statusTabs = [
  { key: ALL_STATUSES, label: 'All' },
  ...CLIENT_STATUSES.map((status) => ({ key: status, label: CLIENT_STATUS_LABELS[status] })),
];

interface ClientFiltersProps {
  status: ClientStatus | typeof ALL_STATUSES;
  onStatus: (status: ClientStatus | typeof ALL_STATUSES) => void;
  /** The staff member whose clients are shown; '' for everyone's. */
  staffId: string;
  /** That member's name when known from the listed clients (the filter may come from the address). */
  staffName?: string | null;
  onStaff: (staffId: string) => void;
}

/** The All / Active / Inactive tabs and the assigned-staff filter above the clients table. */
export function ClientFilters({ status, onStatus, staffId, staffName, onStaff }: ClientFiltersProps) {
  return (
    <Flex justify="space-between" align="center" gap="middle" wrap>
      <Tabs
        activeKey={status}
        items={statusTabs}
        onChange={(key) => onStatus(key as ClientStatus | typeof ALL_STATUSES)}
        tabBarStyle={{ marginBottom: 0 }}
      />
      <StaffSelect
        id="client-staff-filter"
        ariaLabel="Filter by staff"
        value={staffId}
        chosenName={staffName}
        noneOption={ALL_STAFF}
        onChange={onStaff}
        style={{ minWidth: 240 }}
      />
    </Flex>
  );
}
