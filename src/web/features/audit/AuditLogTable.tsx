import { Descriptions, Table, Typography } from 'antd';
import { STACKED_ON_PHONE } from '@/web/components/stackedTables';
import type { ColumnsType } from 'antd/es/table';
import { auditActionLabel, auditChanges, auditFieldLabel, auditRecordTypeLabel, auditValueText } from '@/common/audit';
import type { AuditEntry } from '@/web/api/generated';
import { formatDateTime } from '@/web/lib/formatDate';
import type { AuditScope } from './auditScope';

/** How many characters of a record's id the table shows (the whole id is in the expanded row). */
const SHORT_ID = 8;

function actorName(entry: AuditEntry): string {
  if (!entry.actor) return 'System';
  return entry.actor.name ?? 'Removed user';
}

/** The change at a glance: each field that changed as 'field: before -> after', else the summary line. */
function compactDetails(entry: AuditEntry): string {
  if (!entry.before || !entry.after) return entry.summary;
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return entry.summary;
  return changes.map((change) => `${auditFieldLabel(change.field)}: ${auditValueText(change.before)} -> ${auditValueText(change.after)}`).join('; ');
}

function Fields({ fields }: { fields: Record<string, unknown> | null }) {
  if (!fields) return <Typography.Text type="secondary">(none)</Typography.Text>;
  return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{JSON.stringify(fields, null, 2)}</pre>;
}

/** The whole entry: its summary, the record's full id, the address it came from, and the fields before and after. */
function FullChange({ entry }: { entry: AuditEntry }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'summary', label: 'Summary', children: entry.summary },
        { key: 'record', label: 'Record ID', children: entry.entity_id ?? '(none)' },
        { key: 'ip', label: 'IP address', children: entry.ip ?? '(unknown)' },
        { key: 'before', label: 'Before', children: <Fields fields={entry.before} /> },
        { key: 'after', label: 'After', children: <Fields fields={entry.after} /> },
      ]}
    />
  );
}

function columnsFor(scope: AuditScope): ColumnsType<AuditEntry> {
  return [
    { title: 'When', key: 'when', render: (_, entry) => formatDateTime(entry.at) },
    {
      title: 'Who',
      key: 'who',
      render: (_, entry) => (
        <>
          <Typography.Text>{actorName(entry)}</Typography.Text>
          {entry.actor?.role && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {entry.actor.role}
            </Typography.Text>
          )}
        </>
      ),
    },
    ...(scope === 'system' ? [{ title: 'Company', key: 'company', render: (_: unknown, entry: AuditEntry) => entry.company?.name ?? (entry.company ? 'Deleted company' : '') }] : []),
    { title: 'Action', key: 'action', render: (_, entry) => auditActionLabel(entry.action) },
    {
      title: 'Record',
      key: 'record',
      render: (_, entry) => `${auditRecordTypeLabel(entry.entity_type)}${entry.entity_id ? ` ${entry.entity_id.slice(0, SHORT_ID)}` : ''}`,
    },
    { title: 'Details', key: 'details', render: (_, entry) => <span data-testid="audit-details">{compactDetails(entry)}</span> },
  ];
}

/** The audit entries of one page; a row opens to show the full change. */
export function AuditLogTable({ scope, entries }: { scope: AuditScope; entries: AuditEntry[] }) {
  return (
    <Table<AuditEntry>
      className={STACKED_ON_PHONE}
      rowKey="id"
      size="middle"
      pagination={false}
      // Wide enough for the short columns, narrow enough that Details wraps inside a 1440 px screen.
      scroll={{ x: 960 }}
      columns={columnsFor(scope)}
      dataSource={entries}
      expandable={{ expandedRowRender: (entry) => <FullChange entry={entry} /> }}
    />
  );
}
