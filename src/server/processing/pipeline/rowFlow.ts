/**
 * Second pass: every row of every table, classified and counted; each data row is written to the
 * consolidated file, scrubbed, checked, de-duplicated and written to the scrubbed file with its issues.
 */
import { DuplicateFilter } from '../scrubbing/duplicateFilter';
import { type EmployeeLedger } from '../scrubbing/employeeLedger';
import { type Issue, type IssueRule, issueCells, ruleIssue } from '../scrubbing/issue';
import { type IssueRuleCount } from '../scrubbing/issueRules';
import { checkRow } from '../scrubbing/rowChecks';
import { type RowScrubber } from '../scrubbing/rowScrubber';
import { type ScrubbedRow } from '../scrubbing/scrubbedRow';
import { type ConsolidatedLayout, type ScrubbedLayout, SOURCE_ROW, SOURCE_SHEET, STATUS } from '../table/columnLayout';
import { RowClassifier } from '../table/rowClassification';
import { type CellValue, type SheetRow } from '../types';
import { type SheetTable } from './findTables';
import { type Outputs } from './outputs';

export interface FlowCounts {
  rowsIn: number;
  rowsOut: number;
  duplicatesRemoved: number;
  issues: { error: number; warning: number };
  issuesByRule: Partial<Record<IssueRule, IssueRuleCount>>;
}

export class RowFlow {
  readonly counts: FlowCounts = { rowsIn: 0, rowsOut: 0, duplicatesRemoved: 0, issues: { error: 0, warning: 0 }, issuesByRule: {} };
  private readonly duplicates: DuplicateFilter;
  private readonly statusIndex: number;
  private readonly width: number;
  private readonly departmentIndex: number;
  private readonly rowCells: CellValue[];

  constructor(
    private readonly consolidated: ConsolidatedLayout,
    scrubbed: ScrubbedLayout,
    private readonly scrubber: RowScrubber,
    private readonly ledger: EmployeeLedger,
    private readonly outputs: Outputs,
  ) {
    this.width = consolidated.columns.length;
    this.rowCells = new Array<CellValue>(this.width).fill(null);
    this.statusIndex = scrubbed.index(STATUS);
    this.departmentIndex = scrubbed.index('Department');
    this.duplicates = new DuplicateFilter(new Set([scrubbed.index(SOURCE_SHEET), scrubbed.index(SOURCE_ROW), this.statusIndex]));
  }

  /** Feeds one table's rows; `rows` yields the sheet from the top, in batches; `countGaps` counts missing rows as blank. */
  async table(table: SheetTable, rows: AsyncIterable<SheetRow[]>, onBatch: () => void, countGaps = true): Promise<void> {
    const { header, info } = table;
    const classifier = new RowClassifier(header);
    const target = this.consolidated.targets.get(header) as Int32Array;
    let pendingBlank = 0;
    let lastRow = header.row;
    for await (const batch of rows) {
      for (const row of batch) {
        if (row.row <= header.row) continue;
        // rows missing from a sheet are blank rows; a CSV lists its blank lines itself
        if (countGaps) pendingBlank += Math.max(0, row.row - lastRow - 1);
        lastRow = row.row;
        const kind = classifier.classify(row.cells);
        if (kind === 'blank') {
          pendingBlank++;
          continue;
        }
        info.skipped.blank += pendingBlank;
        info.rowsRead += pendingBlank + 1;
        pendingBlank = 0;
        if (kind !== 'data') {
          info.skipped[kind]++;
          continue;
        }
        info.dataRows++;
        this.dataRow(row, target, info.name);
        if (this.outputs.needsFlush) await this.outputs.flush();
      }
      onBatch();
    }
  }

  private dataRow(row: SheetRow, target: Int32Array, sheet: string): void {
    // one array serves every row: it is written and scrubbed before the next row arrives
    const cells = this.rowCells.fill(null);
    const source = row.cells;
    const n = Math.min(source.length, target.length);
    for (let i = 0; i < n; i++) {
      const t = target[i];
      if (t >= 0 && source[i] !== undefined) cells[t] = source[i];
    }
    cells[this.width - 2] = sheet;
    cells[this.width - 1] = row.row;
    this.counts.rowsIn++;
    this.outputs.row(this.outputs.consolidated, cells);

    const scrubbed = this.scrubber.scrub(cells, sheet, row.row);
    if (this.isDuplicate(scrubbed)) {
      this.counts.duplicatesRemoved++;
      this.writeIssue(ruleIssue('duplicate-removed', sheet, row.row, '', null, 'Exact duplicate of an earlier row; removed.'));
      return;
    }
    checkRow(scrubbed);
    this.ledger.checkIdentity(scrubbed);
    let status = 'OK';
    for (const issue of scrubbed.issues) {
      if (issue.severity === 'error') status = 'Error';
      else if (issue.severity === 'warning' && status === 'OK') status = 'Warning';
      this.writeIssue(issue);
    }
    scrubbed.cells[this.statusIndex] = status;
    this.ledger.add(scrubbed);
    this.counts.rowsOut++;
    this.outputs.row(this.outputs.scrubbed, scrubbed.cells);
  }

  /** A department that only repeats the sheet name is lineage, not data: it is left out of the comparison. */
  private isDuplicate(row: ScrubbedRow): boolean {
    if (!row.departmentDefaulted) return this.duplicates.isDuplicate(row.cells);
    const department = row.cells[this.departmentIndex];
    row.cells[this.departmentIndex] = null;
    const duplicate = this.duplicates.isDuplicate(row.cells);
    row.cells[this.departmentIndex] = department;
    return duplicate;
  }

  /** Counts (by severity and by rule) and writes an issue; the caller flushes (`outputs.needsFlush`). */
  writeIssue(issue: Issue): void {
    if (issue.severity === 'error') this.counts.issues.error++;
    else if (issue.severity === 'warning') this.counts.issues.warning++;
    const counted = this.counts.issuesByRule[issue.rule];
    if (counted) counted.count++;
    else this.counts.issuesByRule[issue.rule] = { severity: issue.severity, count: 1, first: issue.row === null ? null : { sheet: issue.sheet, row: issue.row } };
    this.outputs.row(this.outputs.issues, issueCells(issue));
  }
}
