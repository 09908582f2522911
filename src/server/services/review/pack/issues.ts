/**
 * The issues of each Scrubbed row, read from the Issues sheet as the Scrubbed rows pass. The engine
 * writes a row's issues just before it writes the row, in the same order, naming the row by its Sheet
 * and Row (the row's Source Sheet and Source Row); a removed duplicate has only an Info line, and the
 * weekly findings (no Row) come last. So one pass over both sheets pairs them, holding one batch of
 * issues at a time.
 */
import type { UploadSummary } from '../../uploads/uploadSummary';
import type { CellValue, IssueRule, SheetRow } from '../../../processing';
import { type PackIssue, type PackSeverity, storableText } from './blocks';
import type { RowFlags } from './sheet';

const SOURCE_SHEET = 'Source Sheet';
const SOURCE_ROW = 'Source Row';
/** The Issues sheet's columns: Severity, Sheet, Row, Column, Value, Message. */
const [SEVERITY, SHEET, ROW, COLUMN, , MESSAGE] = [0, 1, 2, 3, 4, 5];
const SEVERITIES: Record<string, PackSeverity | undefined> = { Error: 'error', Warning: 'warning' };

export class ScrubbedIssues {
  /** Index in the Scrubbed sheet of the first row each rule flagged. */
  readonly firstRows = new Map<IssueRule, number>();
  /** The source rows the rules flagged first, by `sheet \0 row`. */
  private readonly firstSources = new Map<string, IssueRule[]>();
  private batch: SheetRow[] = [];
  private at = 0;
  private done = false;

  constructor(
    private readonly rows: AsyncIterator<SheetRow[]>,
    issuesByRule: UploadSummary['issuesByRule'],
  ) {
    for (const { rule, first } of issuesByRule) {
      if (!first) continue;
      const key = sourceKey(first.sheet, first.row);
      this.firstSources.set(key, [...(this.firstSources.get(key) ?? []), rule]);
    }
  }

  /** The flags of the Scrubbed row at `index`; rows must come in order. */
  async flagsOf(cells: CellValue[], index: number, columns: string[]): Promise<RowFlags> {
    const sheet = cells[columns.indexOf(SOURCE_SHEET)];
    const row = cells[columns.indexOf(SOURCE_ROW)];
    for (const rule of this.firstSources.get(sourceKey(sheet, row)) ?? []) this.firstRows.set(rule, index);
    const issues: PackIssue[] = [];
    for (let issue = await this.peek(); issue; issue = await this.peek()) {
      if (issue[ROW] === null || issue[ROW] === undefined) break;
      const mine = issue[SHEET] === sheet && issue[ROW] === row;
      const severity = SEVERITIES[String(issue[SEVERITY])];
      if (!mine && severity) break;
      this.at++;
      if (mine && severity) issues.push({ c: columns.indexOf(String(issue[COLUMN])), s: severity, m: String(issue[MESSAGE] ?? '') });
    }
    if (issues.length === 0) return {};
    return { s: issues.some((i) => i.s === 'error') ? 'error' : 'warning', i: issues };
  }

  async close(): Promise<void> {
    await this.rows.return?.();
  }

  /** The next issue line (the header skipped), or undefined after the last. */
  private async peek(): Promise<CellValue[] | undefined> {
    while (this.at >= this.batch.length) {
      if (this.done) return undefined;
      const next = await this.rows.next();
      if (next.done) {
        this.done = true;
        return undefined;
      }
      this.batch = next.value.filter((line) => line.row > 1);
      this.at = 0;
    }
    return this.batch[this.at].cells;
  }
}

/** Sheet names as the summary stores them (storableText), so a name with a NUL still matches. */
function sourceKey(sheet: CellValue, row: CellValue): string {
  return `${storableText(String(sheet))}\u0000${String(row)}`;
}
