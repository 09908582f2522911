import { Button, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ViewerSummary } from '@/web/api/generated';
import { countOf } from '@/web/lib/countNoun';
import type { MappingFixStart } from './FixMappingDialog';
import { SeverityIcon } from './viewerCells';

type RuleCount = ViewerSummary['issuesByRule'][number];
type SheetFound = ViewerSummary['sheets'][number];

const SEVERITY_NOUN = { error: { singular: 'error', plural: 'errors' }, warning: { singular: 'warning', plural: 'warnings' } } as const;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const hours = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The week-over-week rules about a header (new, gone, mapped elsewhere than last week): a mapping fix answers them. */
const MAPPING_RULES: ReadonlySet<string> = new Set(['header-new', 'header-missing', 'header-remapped']);

/** Why a sheet was or was not read, in a word and its reason. */
function sheetUse(sheet: SheetFound) {
  if (sheet.used) return <Tag color="success">Used</Tag>;
  return (
    <Flex gap="small" wrap>
      <Tag>Skipped</Tag>
      {sheet.reason && <Typography.Text type="secondary">{sheet.reason}</Typography.Text>}
    </Flex>
  );
}

interface SummaryPanelProps {
  summary: ViewerSummary;
  /** Opens the Scrubbed grid at the first row a rule flags (or filtered to its severity). */
  onRule: (rule: RuleCount) => void;
  /** Starts a mapping fix; absent when the viewer may not fix mappings. */
  onFixMapping?: (start: MappingFixStart) => void;
}

/** The rules table's 'Fix mapping' column, for whoever may fix mappings: an action on each mapping warning. */
function fixColumn(onFixMapping: (start: MappingFixStart) => void) {
  return {
    key: 'fix',
    title: 'Mapping',
    render: (_value: unknown, rule: RuleCount) =>
      MAPPING_RULES.has(rule.rule) && (
        <Button size="small" aria-label={`Fix mapping: ${rule.label}`} onClick={() => onFixMapping({ sheet: null })}>
          Fix mapping
        </Button>
      ),
  };
}

/**
 * What the engine found, before any grid: the sheets read and skipped (with why), rows in and out,
 * employees, hours by kind, gross, and each rule's errors and warnings, each leading to its rows; a
 * warning about a header (new, gone, mapped elsewhere than last approved week) offers a mapping fix.
 */
export function SummaryPanel({ summary, onRule, onFixMapping }: SummaryPanelProps) {
  return (
    <Flex vertical gap="middle">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'in', label: 'Rows in', children: summary.rowsIn.toLocaleString() },
          { key: 'out', label: 'Rows out', children: summary.rowsOut.toLocaleString() },
          { key: 'duplicates', label: 'Duplicates removed', children: summary.duplicatesRemoved.toLocaleString() },
          { key: 'employees', label: 'Employees', children: summary.employees.toLocaleString() },
          { key: 'gross', label: 'Total gross', children: money.format(summary.totalGross) },
          { key: 'issues', label: 'Issues', children: `${countOf(summary.issues.error, SEVERITY_NOUN.error)}, ${countOf(summary.issues.warning, SEVERITY_NOUN.warning)}` },
          ...summary.totalHours.map(({ kind, hours: total }) => ({ key: `hours-${kind}`, label: kind, children: hours.format(total) })),
        ]}
      />
      <Table<SheetFound>
        size="small"
        rowKey="name"
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => <Typography.Text strong>Sheets found</Typography.Text>}
        dataSource={summary.sheets}
        columns={[
          { key: 'name', title: 'Sheet', render: (_value, sheet) => (sheet.hidden ? `${sheet.name} (hidden)` : sheet.name) },
          { key: 'use', title: 'Read', render: (_value, sheet) => sheetUse(sheet) },
          { key: 'header', title: 'Header row', render: (_value, sheet) => sheet.headerRow ?? '—' },
          { key: 'read', title: 'Rows read', render: (_value, sheet) => sheet.rowsRead.toLocaleString() },
          { key: 'data', title: 'Data rows', render: (_value, sheet) => sheet.dataRows.toLocaleString() },
        ]}
      />
      <Table<RuleCount>
        size="small"
        rowKey="rule"
        pagination={false}
        title={() => <Typography.Text strong>Errors and warnings by rule</Typography.Text>}
        locale={{ emptyText: 'No errors or warnings.' }}
        dataSource={summary.issuesByRule}
        columns={[
          {
            key: 'rule',
            title: 'Rule',
            render: (_value, rule) => (
              <Button type="link" size="small" onClick={() => onRule(rule)}>
                <SeverityIcon severity={rule.severity} label={SEVERITY_NOUN[rule.severity].singular} /> {rule.label}
              </Button>
            ),
          },
          { key: 'count', title: 'Found', render: (_value, rule) => countOf(rule.count, SEVERITY_NOUN[rule.severity]) },
          ...(onFixMapping ? [fixColumn(onFixMapping)] : []),
        ]}
      />
    </Flex>
  );
}
