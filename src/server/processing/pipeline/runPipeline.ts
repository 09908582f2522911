/**
 * The whole pipeline for one upload, on the calling thread: open it, find the table in each sheet, then
 * one streaming pass that writes the consolidated and the scrubbed workbooks side by side.
 */
import { performance } from 'node:perf_hooks';
import { compareWithProfile } from '../history/profileComparison';
import { compareWeeks } from '../history/weekOverWeek';
import { ProcessingError, toProcessingError } from '../processingError';
import { openWorkbook } from '../reading/openWorkbook';
import { type WorkbookSource } from '../reading/workbookSource';
import { EmployeeLedger, MONEY_FIGURE } from '../scrubbing/employeeLedger';
import { weekOverWeekWarnings } from '../scrubbing/issueRules';
import { RowScrubber } from '../scrubbing/rowScrubber';
import { MONEY } from '../scrubbing/scrubbedRow';
import { HOURS_COLUMNS } from '../table/canonicalColumns';
import { consolidatedLayout, scrubbedLayout } from '../table/columnLayout';
import { type SheetHeader } from '../table/headerDetection';
import { type HoursKind, type ProcessWorkbookOptions, type ProcessingSummary, type SheetSourceInfo, type WeekFacts } from '../types';
import { type SheetTable, closeTables, findTables, prepareHeader } from './findTables';
import { Outputs } from './outputs';
import { ProgressReporter, READING_SHARE, formatCount, readingShare } from './progressReporter';
import { summaryRows, sourcesRow, totalsColumns } from './reportSheets';
import { LayoutGrew, RowFlow, type StackedTable } from './rowFlow';

/** How many times a run starts again to make room for stacked tables' columns; after that they are named in warnings. */
const MAX_LAYOUT_GROWTH = 4;

export async function runPipeline(options: ProcessWorkbookOptions): Promise<ProcessingSummary> {
  const started = performance.now();
  const stacked: StackedTable[] = [];
  // one reporter for every run: the share reported never goes back when a run starts again
  const progress = new ProgressReporter(options.onProgress);
  for (;;) {
    try {
      return await runOnce(options, started, stacked, progress);
    } catch (err) {
      if (!(err instanceof LayoutGrew)) throw err;
      stacked.push(err.table);
    }
  }
}

/** The failure of an upload with no payroll table: empty, or what was found instead of hours and pay. */
function noPayrollError(infos: SheetSourceInfo[]): ProcessingError {
  // a workbook with nothing in any sheet is empty, whatever its size in bytes
  if (infos.every((i) => i.skippedReason === 'empty sheet' || i.skippedReason === 'chart sheet')) return new ProcessingError('EMPTY');
  const reason = infos.find((i) => i.headerRow !== undefined && i.skippedReason)?.skippedReason;
  if (!reason) return new ProcessingError('NO_PAYROLL_DATA');
  return new ProcessingError('NO_PAYROLL_DATA', `No payroll data found: ${reason}. Upload the payroll register, with each employee's hours or pay.`);
}

async function runOnce(options: ProcessWorkbookOptions, started: number, stacked: StackedTable[], progress: ProgressReporter): Promise<ProcessingSummary> {
  const { signal } = options;
  let source: WorkbookSource | undefined;
  let outputs: Outputs | undefined;
  let found: SheetTable[] = [];
  try {
    signal?.throwIfAborted();
    progress.report('CONSOLIDATING', () => 'Consolidating: reading the file', true);
    source = await openWorkbook(options.inputPath, options.fileName);
    const openSource = source;
    const { history } = options;
    const { tables, infos } = await findTables(source, history, signal);
    found = tables;
    if (tables.length === 0) throw noPayrollError(infos);

    const consolidated = consolidatedLayout([...tables.map((t) => t.header), ...stacked.map((t) => t.header)]);
    const scrubbed = scrubbedLayout(consolidated);
    outputs = await Outputs.open(options.consolidatedPath, options.scrubbedPath, consolidated, scrubbed);
    const ledger = new EmployeeLedger();
    const flow = new RowFlow(consolidated, scrubbed, new RowScrubber(consolidated, scrubbed, options.weekStart), ledger, outputs);
    // changes to the sheets and headers come first in Issues: they explain what follows
    for (const issue of history ? compareWithProfile(history, infos) : []) flow.writeIssue(issue);

    const tableSheets = tables.map((t) => t.sheetIndex);
    const share = () => {
      const read = readingShare(openSource, tableSheets);
      return read === undefined ? undefined : read * READING_SHARE;
    };
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const message = () => `Consolidating: sheet ${t + 1} of ${tables.length}, ${formatCount(flow.counts.rowsIn)} rows`;
      // without sizes, each table done counts as its part of the reading
      progress.report('CONSOLIDATING', message, true, share() ?? (t / tables.length) * READING_SHARE);
      const context = {
        infos,
        prepare: (header: SheetHeader, sheet: string) => prepareHeader(header, sheet, history, source?.sheets.length ?? 1),
        canGrow: stacked.length < MAX_LAYOUT_GROWTH,
      };
      await flow.table(table, table.rows, () => {
        signal?.throwIfAborted();
        progress.report('CONSOLIDATING', message, false, share);
      }, source.format !== 'csv', context);
    }

    progress.report('SCRUBBING', () => `Scrubbing: checking ${formatCount(ledger.size)} employees`, true, READING_SHARE);
    const hoursCents = HOURS_COLUMNS.map((_, i) => ledger.total(i));
    const grossCents = ledger.total(MONEY_FIGURE(MONEY['Gross Pay']));
    const weekFactsOf = (): WeekFacts => ({
      employees: ledger.weekEmployees(),
      totalGross: grossCents / 100,
      totalHours: hoursCents.reduce((sum, cents) => sum + cents, 0) / 100,
    });
    // compared with last week's, the facts are needed before Issues is done; else they wait (see below)
    const comparedFacts = history?.facts ? weekFactsOf() : undefined;
    const weekIssues = comparedFacts && history?.facts ? compareWeeks(comparedFacts, history.facts, history.weekStart, options.weekOverWeek) : [];
    for (const issue of [...ledger.weeklyIssues(), ...weekIssues]) {
      flow.writeIssue(issue);
      if (outputs.needsFlush) await outputs.flush();
    }
    const totals = totalsColumns(scrubbed);
    outputs.row(outputs.employeeTotals, totals.names, true);
    for (const total of ledger.entries()) {
      outputs.row(outputs.employeeTotals, totals.row(total));
      if (outputs.needsFlush) await outputs.flush();
    }
    for (const info of infos) await outputs.write(outputs.sources, sourcesRow(info));

    const totalHours = Object.fromEntries(HOURS_COLUMNS.map((c, i) => [c, hoursCents[i] / 100])) as Record<HoursKind, number>;
    const summary: Omit<ProcessingSummary, 'weekFacts'> = {
      fileName: options.fileName,
      format: source.format,
      rowsIn: flow.counts.rowsIn,
      rowsOut: flow.counts.rowsOut,
      duplicatesRemoved: flow.counts.duplicatesRemoved,
      employees: ledger.size,
      totalHours,
      totalGross: grossCents / 100,
      issues: flow.counts.issues,
      issuesByRule: flow.counts.issuesByRule,
      sheets: infos,
      skippedSheets: infos.filter((i) => i.skippedReason).map((i) => ({ name: i.name, reason: i.skippedReason as string })),
      durationMs: performance.now() - started,
      weekOverWeek: { warnings: weekOverWeekWarnings(flow.counts.issuesByRule) },
    };
    for (const row of summaryRows(summary)) await outputs.write(outputs.summary, row);
    progress.report('SCRUBBING', () => `Scrubbing: writing ${formatCount(summary.rowsOut)} clean rows`, true, (1 + READING_SHARE) / 2);
    const finishing = outputs.finish();
    // a fact per employee (a few tens of milliseconds for tens of thousands): built while the
    // compressors finish the files on the thread pool, instead of before this thread hands them the end
    const weekFacts = comparedFacts ?? weekFactsOf();
    await finishing;
    progress.finish();
    return { ...summary, weekFacts, durationMs: performance.now() - started };
  } catch (err) {
    await outputs?.discard();
    if (err instanceof LayoutGrew) throw err;
    if (signal?.aborted && !(err instanceof ProcessingError)) throw new ProcessingError('CANCELLED', undefined, { cause: err });
    throw toProcessingError(err);
  } finally {
    await closeTables(found).catch(() => undefined);
    await source?.close().catch(() => undefined);
  }
}
