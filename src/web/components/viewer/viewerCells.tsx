import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
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

/**
 * Flagged text with its message on hover. The tooltip is made when the pointer first comes over the
 * text, and opens at once: a grid scrolling through a long sheet draws many flagged cells it never
 * shows a message for, and a tooltip each would cost more to draw than the cells themselves. It hangs
 * on a layer over the text, so the text itself (what a click lands on) stays the same element.
 */
function Flagged({ message, children }: { message: string; children: ReactNode }) {
  const [hovered, setHovered] = useState(false);
  return (
    <span className="viewer-cell-text" onMouseEnter={hovered ? undefined : () => setHovered(true)}>
      {children}
      {hovered && (
        <Tooltip title={message} defaultOpen>
          <span className="viewer-cell-hover" />
        </Tooltip>
      )}
    </span>
  );
}

/** A cell's text; a cell an issue names carries the issue's message on hover and for screen readers. */
export function CellText({ text, issues }: { text: string | null; issues: RowIssue[] }) {
  const severity = worstSeverity(issues);
  if (!severity) return <>{text ?? ''}</>;
  const message = issueText(issues);
  return (
    <Flagged message={message}>
      <SeverityIcon severity={severity} label={message} /> {text ?? ''}
    </Flagged>
  );
}

/** The row number, marked when the row has errors or warnings (with the row's own findings on hover). */
export function RowNumber({ row }: { row: ViewerRow | undefined }) {
  if (!row) return <span aria-label="Loading row">…</span>;
  const own = issuesOf(row, null);
  if (!row.severity) return <>{row.number}</>;
  const label = own.length > 0 ? issueText(own) : `Row ${row.number} has ${row.severity === 'error' ? 'errors' : 'warnings'}`;
  return (
    <Flagged message={label}>
      <SeverityIcon severity={row.severity} label={label} /> {row.number}
    </Flagged>
  );
}
