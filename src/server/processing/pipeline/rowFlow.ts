/**
 * Second pass: every row of every table, classified and counted; each data row is written to the
 * consolidated file, scrubbed, checked, de-duplicated and written to the scrubbed file with its issues.
 */
import { DuplicateFilter } from '../scrubbing/duplicateFilter';
import { type EmployeeLedger } from '../scrubbing/employeeLedger';
import { type Issue, type IssueRule, issueCells, ruleIssue } from '../scrubbing/issue';
import { isBlankCell } from '../table/cellText';
import { type IssueRuleCount } from '../scrubbing/issueRules';
import { checkRow } from '../scrubbing/rowChecks';
import { type RowScrubber } from '../scrubbing/rowScrubber';
import { type ScrubbedRow } from '../scrubbing/scrubbedRow';
import { type ConsolidatedLayout, type ScrubbedLayout, SOURCE_ROW, SOURCE_SHEET, STATUS } from '../table/columnLayout';
import { columnLetters } from '../table/contentMapping';
import { type SheetHeader } from '../table/headerDetection';
import { isTextOnly, stackedHeaderOf, twoRowHeaderOf } from '../table/stackedHeader';
import { missingEvidence } from '../table/payrollEvidence';
import { type RowClass, RowClassifier } from '../table/rowClassification';
import { type CellValue, type SheetRow, type SheetSourceInfo } from '../types';
import { type SheetTable, describeHeader, emptyInfo } from './findTables';
import { type Outputs } from './outputs';

/** A table stacked below another in a sheet, found as the rows flowed: where it is, and its header. */
export interface StackedTable {
  sheetIndex: number;
  header: SheetHeader;
}

/**
 * Thrown when a stacked table has columns the outputs' layout has no place for: the run starts again
 * with the table's header known from the start (`StackedTable`), so none of its columns is lost.
 */
export class LayoutGrew extends Error {
  constructor(readonly table: StackedTable) {
    super('a stacked table has columns the layout lacks');
  }
}

/** What the flow needs to take a stacked table: where its Sources entry goes, and how its header is read. */
export interface StackedTableContext {
  infos: SheetSourceInfo[];
  /** Applies the admin's fixes and the client's profile to a header found in a sheet. */
  prepare: (header: SheetHeader, sheet: string) => void;
  /** Whether the run may start again to make room for a stacked table's columns. */
  canGrow: boolean;
}

/** Where the flow is in a sheet: its current table, how many tables it has begun, blank rows not yet counted. */
interface SheetFlow {
  current: FlowTable;
  tables: number;
  pendingBlank: number;
}

/** A table as the flow reads it: its header, where its columns go, how its rows are told apart, its Sources entry. */
interface FlowTable {
  header: SheetHeader;
  target: Int32Array;
  classifier: RowClassifier;
  info: SheetSourceInfo;
  /** Rows of a table without hours or pay are counted but not kept. */
  payroll: boolean;
  /** Headers of the table's columns the layout has no place for. */
  missing: string[];
  /** Columns holding data the layout has no place for (no header text, found below the rows profiled). */
  leftOut: Set<number>;
}

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

  /**
   * Feeds one sheet's rows, from its first table on; `rows` yields the sheet from the top, in batches;
   * `countGaps` counts missing rows as blank. A header row met below the data with another layout starts
   * a table of its own (listed in Sources after the sheet's earlier tables).
   */
  async table(table: SheetTable, rows: AsyncIterable<SheetRow[]>, onBatch: () => void, countGaps = true, stacked?: StackedTableContext): Promise<void> {
    const sheet: SheetFlow = { current: this.flowTable(table.header, table.info, true), tables: 1, pendingBlank: 0 };
    this.announce(sheet.current);
    let lastRow = table.header.row;
    // a row of text only below the data, held until the row after it says whether it starts a stacked
    // table; or (`begun`) the one-row header of a stacked table just begun, which the row after it may
    // make a two-row header
    // (`textRow`, not `row`: objects whose first property is `row` share V8's hidden classes with the
    // rows themselves, `{ row, cells }`, and a row held there instead of a number made the rows' `row`
    // field generic, throwing the row loop's optimised code away)
    let held: { textRow: SheetRow; begun: boolean } | undefined;
    for await (const batch of rows) {
      for (const row of batch) {
        if (row.row <= table.header.row) continue;
        // rows missing from a sheet are blank rows; a CSV lists its blank lines itself
        if (countGaps) sheet.pendingBlank += Math.max(0, row.row - lastRow - 1);
        lastRow = row.row;
        if (held && stacked) {
          const { textRow: upper, begun } = held;
          held = undefined;
          const joined = row.row === upper.row + 1 ? this.stackedHeader(upper, sheet.current, table, stacked, row) : undefined;
          if (joined) {
            this.nextTable(sheet, joined, table.info, stacked, begun);
            if (joined.upperRow === undefined) held = { textRow: { row: row.row, cells: row.cells.slice() }, begun: true };
            else this.announce(sheet.current);
            continue;
          }
          if (begun) this.announce(sheet.current);
          else this.heldRow(sheet, upper, table, stacked);
          if (this.outputs.needsFlush) await this.outputs.flush();
        }
        const kind = sheet.current.classifier.classify(row.cells);
        if (kind === 'blank') {
          sheet.pendingBlank++;
          continue;
        }
        // a header repeated with other columns in other places starts a table too (stackedHeader tells)
        if (stacked && isTextOnly(row)) {
          held = { textRow: { row: row.row, cells: row.cells.slice() }, begun: false };
          continue;
        }
        this.flowRow(sheet, row, kind);
        if (this.outputs.needsFlush) await this.outputs.flush();
      }
      onBatch();
    }
    if (held?.begun) this.announce(sheet.current);
    else if (held && stacked) this.heldRow(sheet, held.textRow, table, stacked);
    this.endTable(sheet.current);
  }

  /** A held row of text that the next row did not make a two-row header: a stacked table's header alone, or a row of the table. */
  private heldRow(sheet: SheetFlow, row: SheetRow, table: SheetTable, stacked: StackedTableContext): void {
    const kind = sheet.current.classifier.classify(row.cells);
    const header = this.stackedHeader(row, sheet.current, table, stacked);
    if (!header) {
      this.flowRow(sheet, row, kind);
      return;
    }
    this.nextTable(sheet, header, table.info, stacked, false);
    this.announce(sheet.current);
  }

  /** Counts a row of the current table and writes it when it is data; the caller flushes (`outputs.needsFlush`). */
  private flowRow(sheet: SheetFlow, row: SheetRow, kind: RowClass): void {
    const { current } = sheet;
    const { info } = current;
    info.skipped.blank += sheet.pendingBlank;
    info.rowsRead += sheet.pendingBlank + 1;
    sheet.pendingBlank = 0;
    if (kind !== 'data') {
      if (kind !== 'blank') info.skipped[kind]++;
      return;
    }
    if (!current.payroll) return;
    info.dataRows++;
    this.dataRow(row, current, info.name);
  }

  /**
   * Ends the current table and begins one stacked below it, listed in Sources after the sheet's earlier
   * tables; with `replace`, the current table has no rows yet and the new header takes its place (its
   * one-row header read again with the row below). The caller announces the new table.
   */
  private nextTable(sheet: SheetFlow, header: SheetHeader, first: SheetSourceInfo, stacked: StackedTableContext, replace: boolean): void {
    const { current } = sheet;
    if (replace) {
      const info = { ...emptyInfo(first.name, first.hidden), table: current.info.table };
      stacked.infos.splice(stacked.infos.indexOf(current.info), 1, info);
      sheet.current = this.beginTable(header, info);
      return;
    }
    this.endTable(current);
    current.info.skipped.blank += sheet.pendingBlank;
    current.info.rowsRead += sheet.pendingBlank;
    sheet.pendingBlank = 0;
    const info = { ...emptyInfo(first.name, first.hidden), table: ++sheet.tables };
    stacked.infos.splice(stacked.infos.indexOf(current.info) + 1, 0, info);
    sheet.current = this.beginTable(header, info);
  }

  /** A stacked table's Sources entry and flow, from its header. */
  private beginTable(header: SheetHeader, info: SheetSourceInfo): FlowTable {
    describeHeader(info, header);
    const reason = missingEvidence(header);
    if (reason) info.skippedReason = reason;
    return this.flowTable(header, info, !reason);
  }

  private flowTable(header: SheetHeader, info: SheetSourceInfo, payroll: boolean): FlowTable {
    const { target, missing } = this.consolidated.targetFor(header);
    return { header, target, missing, classifier: new RowClassifier(header), info, payroll, leftOut: new Set() };
  }

  /**
   * Issues about a table as a whole, before its rows: columns with no place in the outputs, a table
   * that is not payroll, several periods side by side.
   */
  private announce(table: FlowTable): void {
    const { header, info } = table;
    for (const name of table.missing) {
      this.writeIssue(ruleIssue('column-left-out', info.name, header.row, name, null, `Column '${name}' of the table at row ${header.row} was left out: the file changed its columns too often to keep them all.`));
    }
    if (info.skippedReason) {
      this.writeIssue(ruleIssue('table-not-payroll', info.name, header.row, '', null, `The table at row ${header.row} of sheet '${info.name}' has ${info.skippedReason}; its rows were left out.`));
      return;
    }
    if (header.grouped) {
      const labels = header.grouped.labels.map((l) => `'${l}'`).join(', ');
      const message = `Sheet '${info.name}' looks like several periods side by side: its ${header.grouped.columns} columns under ${labels} are kept as extra columns, each under its group and period; check which period this upload is for.`;
      this.writeIssue(ruleIssue('periods-side-by-side', info.name, header.row, '', null, message));
    }
  }

  /** Warns of each column whose data had no place in the outputs. */
  private endTable(table: FlowTable): void {
    for (const index of [...table.leftOut].sort((a, b) => a - b)) {
      const letter = columnLetters(index);
      const message = `Column ${letter} of sheet '${table.info.name}' holds data below the rows read to map the columns, but has no header; its values were left out. Give the column a header and upload again.`;
      this.writeIssue(ruleIssue('column-left-out', table.info.name, table.header.row, `Column ${letter}`, null, message));
    }
  }

  /**
   * A row of text only that reads as a header of another layout than the table's: a table stacked below
   * (undefined when the row is data, or the same header again). Throws LayoutGrew when the new table has
   * columns the outputs have no place for and the run may start again.
   */
  /**
   * The header of a table stacked below the current one that starts at `row` (or, with `upper`, the two
   * rows `upper` and `row` read together as its header); undefined when it is data, or the same header
   * again. Throws LayoutGrew when the new table has columns the outputs have no place for and the run
   * may start again.
   */
  /**
   * The header of a table stacked below the current one that starts at `row` (read with `lower`, the
   * row below it, when they make a two-row or grouped header together); undefined when it is data, or
   * the same header again. Throws LayoutGrew when the new table has columns the outputs have no place
   * for and the run may start again.
   */
  private stackedHeader(row: SheetRow, current: FlowTable, table: SheetTable, stacked: StackedTableContext, lower?: SheetRow): SheetHeader | undefined {
    const header = lower ? twoRowHeaderOf(row, lower, current.header) : stackedHeaderOf(row, current.header);
    if (!header) return undefined;
    stacked.prepare(header, table.info.name);
    if (!missingEvidence(header) && stacked.canGrow && this.consolidated.targetFor(header).missing.length > 0) {
      throw new LayoutGrew({ sheetIndex: table.sheetIndex, header });
    }
    return header;
  }

  private dataRow(row: SheetRow, table: FlowTable, sheet: string): void {
    // one array serves every row: it is written and scrubbed before the next row arrives
    const cells = this.rowCells.fill(null);
    const source = row.cells;
    const target = table.target;
    const n = source.length;
    for (let i = 0; i < n; i++) {
      const t = i < target.length ? target[i] : -1;
      const value = source[i];
      if (t >= 0) {
        if (value !== undefined) cells[t] = value;
      } else if (value !== null && value !== undefined && value !== '' && !table.leftOut.has(i) && !isBlankCell(value)) {
        table.leftOut.add(i);
      }
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
