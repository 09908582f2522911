import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ViewerRow, ViewerSeverity } from '@/web/api/generated';

export type RowIssue = ViewerRow['issues'][number];

const SEVERITY_WORD: Record<ViewerSeverity, string> = { error: 'Error', warning: 'Warning' };

/** The issues a row's findings name for one column; null names the row as a whole. */
export function issuesOf(row: ViewerRow | undefined, column: number | null): RowIssue[] {
  return row ? row.issues.filter((issue) => issue.column === column) : [];
}

/** The worse severity among issues: an error outranks a warning. */
export function worstSeverity(issues: RowIssue[]): ViewerSeverity | null {
  if (issues.some((issue) => issue.severity === 'error')) return 'error';
  return issues.length > 0 ? 'warning' : null;
}

/** What a person reads about a cell's or a row's issues: 'Error: Hours cannot be negative.' */
function issueText(issues: RowIssue[]): string {
  return issues.map((issue) => `${SEVERITY_WORD[issue.severity]}: ${issue.message}`).join(' ');
}

/** The mark of a flagged row or cell: a red cross for an error, an amber triangle for a warning. */
export function SeverityIcon({ severity, label }: { severity: ViewerSeverity; label: string }) {
  const Icon = severity === 'error' ? CloseCircleFilled : WarningFilled;
  return <Icon role="img" aria-label={label} className={`viewer-icon-${severity}`} />;
}

/** A cell's text; a cell an issue names carries the issue's message on hover and for screen readers. */
export function CellText({ text, issues }: { text: string | null; issues: RowIssue[] }) {
  const severity = worstSeverity(issues);
  if (!severity) return <>{text ?? ''}</>;
  const message = issueText(issues);
  return (
    <Tooltip title={message}>
      <span className="viewer-cell-text">
        <SeverityIcon severity={severity} label={message} /> {text ?? ''}
      </span>
    </Tooltip>
  );
}

/** The row number, marked when the row has errors or warnings (with the row's own findings on hover). */
export function RowNumber({ row }: { row: ViewerRow | undefined }) {
  if (!row) return <span aria-label="Loading row">…</span>;
  const own = issuesOf(row, null);
  if (!row.severity) return <>{row.number}</>;
  const label = own.length > 0 ? issueText(own) : `Row ${row.number} has ${row.severity === 'error' ? 'errors' : 'warnings'}`;
  return (
    <Tooltip title={label}>
      <span className="viewer-cell-text">
        <SeverityIcon severity={row.severity} label={label} /> {row.number}
      </span>
    </Tooltip>
  );
}
