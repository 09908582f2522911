import { ClearOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { AUDIT_RECORD_TYPE_LABELS, auditActionLabel } from '@/common/audit';
import type { AuditLogOptions } from '@/web/api/generated';
import { CompanySelect } from '@/web/features/system/files/CompanySelect';
import { useCompanyOptions } from '@/web/features/system/files/useCompanyOptions';
import type { AuditFilterValues, AuditScope } from './auditScope';

const ISO_DATE = 'YYYY-MM-DD';
const ANY = '';

const RECORD_TYPE_OPTIONS = [
  { value: ANY, label: 'All Records' },
  ...Object.entries(AUDIT_RECORD_TYPE_LABELS).map(([value, label]) => ({ value, label })),
];

interface AuditLogFiltersProps {
  scope: AuditScope;
  filters: AuditFilterValues;
  options: AuditLogOptions;
  onChange: (changes: Partial<AuditFilterValues>) => void;
  onClear: () => void;
}

function asDay(date: string): Dayjs | null {
  return date ? dayjs(date, ISO_DATE) : null;
}

/** The operators' company filter: every company, or one searched by name on the server. */
function CompanyFilter({ companyId, onChange }: { companyId: string; onChange: (companyId: string) => void }) {
  const picker = useCompanyOptions(companyId || undefined);
  return <CompanySelect id="audit-company-filter" ariaLabel="Filter by company" picker={picker} value={companyId} onChange={onChange} allLabel="All Companies" style={{ minWidth: 200 }} />;
}

/**
 * The audit screen's filters: company (operators only), person (searched by name among the people in
 * the log), action, record type and a range of whole days. Each change starts again from page 1.
 */
export function AuditLogFilters({ scope, filters, options, onChange, onClear }: AuditLogFiltersProps) {
  const people = [
    { value: ANY, label: 'Everyone' },
    ...options.people.map((person) => ({ value: person.id, label: person.name ?? `Removed user (${person.id.slice(0, 8)})` })),
  ];
  const actions = [{ value: ANY, label: 'All Actions' }, ...options.actions.map((action) => ({ value: action, label: auditActionLabel(action) }))];
  const filtered = Object.values(filters).some((value) => value !== ANY);
  return (
    <Flex gap="middle" wrap align="flex-start" style={{ marginBottom: 16 }}>
      {scope === 'system' && <CompanyFilter companyId={filters.companyId} onChange={(companyId) => onChange({ companyId, actor: ANY })} />}
      <Select<string>
        id="audit-person-filter"
        aria-label="Filter by person"
        style={{ minWidth: 200 }}
        showSearch={{ optionFilterProp: 'label' }}
        virtual={false}
        value={filters.actor}
        options={people}
        onChange={(actor) => onChange({ actor })}
      />
      <Select<string>
        id="audit-action-filter"
        aria-label="Filter by action"
        style={{ minWidth: 200 }}
        virtual={false}
        value={filters.action}
        options={actions}
        onChange={(action) => onChange({ action })}
      />
      <Select<string>
        id="audit-record-filter"
        aria-label="Filter by record type"
        style={{ minWidth: 180 }}
        virtual={false}
        value={filters.entityType}
        options={RECORD_TYPE_OPTIONS}
        onChange={(entityType) => onChange({ entityType })}
      />
      <DatePicker.RangePicker
        id={{ start: 'audit-date-from', end: 'audit-date-to' }}
        aria-label="Date range"
        placeholder={['From date', 'To date']}
        format={ISO_DATE}
        allowEmpty={[true, true]}
        value={[asDay(filters.dateFrom), asDay(filters.dateTo)]}
        onChange={(days) => onChange({ dateFrom: days?.[0]?.format(ISO_DATE) ?? ANY, dateTo: days?.[1]?.format(ISO_DATE) ?? ANY })}
      />
      <Button icon={<ClearOutlined aria-hidden />} disabled={!filtered} onClick={onClear}>
        Clear Filters
      </Button>
    </Flex>
  );
}
