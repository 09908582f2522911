/**
 * The processing engine: consolidates and scrubs one payroll upload. A pure library (files in, files
 * out) that runs each upload on a worker thread of its own with a bounded heap (see
 * `pipeline/processWorkbook.ts`); the upload job calls it, and so does `npm run process`.
 *
 *   processWorkbook({ inputPath, fileName, weekStart?, history?, weekOverWeek?, consolidatedPath, scrubbedPath,
 *     onProgress?, signal? }) -> Promise<ProcessingSummary>
 *   warmPipeline({ keepAlive?, warmUpRuns?, onWarmed? }) -> Promise<void>: starts the pipeline's thread ahead
 *     of the first job; `keepAlive: true` keeps idle threads while the process runs (a job worker's
 *     process); `warmUpRuns` runs the engine on its own sample until the first job comes (pipeline/warmUp.ts).
 *
 * - Reads .xlsx/.xlsm/.xltx/.xltm (streaming), .xls (BIFF5/BIFF8) and .csv, told apart by content.
 * - Writes `consolidatedPath` (sheets Consolidated, Sources) and `scrubbedPath` (Scrubbed, Employee
 *   Totals, Issues, Summary), as PROCESSING.md describes.
 * - `history` (the client's mapping profile, the admin's mapping fixes and the last approved week's
 *   facts) turns on the comparison with the last approved week: its findings are warnings in Issues,
 *   counted in `summary.weekOverWeek`; `summary.weekFacts` is this week's, to keep on approval.
 * - `onProgress` receives { stage: 'CONSOLIDATING' | 'SCRUBBING', message, progress } a few times a
 *   second; `progress` is the share of the work done (0-1, never going backwards, 1 at the end).
 * - Fails only with ProcessingError: a stable `code` and a `message` a person can act on; unexpected
 *   problems become code 'INTERNAL' with the detail kept in `cause` for logs; an upload needing more
 *   memory than the thread has, 'TOO_LARGE'. No output is left behind.
 */
export { processWorkbook, warmPipeline, type WarmPipelineOptions } from './pipeline/processWorkbook';
export { ProcessingError, type ProcessingErrorCode } from './processingError';
export type { MappingSource, ProcessWorkbookOptions, ProcessingSummary, ProgressUpdate, SheetSourceInfo, HoursKind } from './types';
export type { ClientHistory, MappingFix, WeekEmployee, WeekFacts, WeekOverWeekThresholds } from './types';
export { WEEK_OVER_WEEK_DEFAULTS } from './history/weekOverWeek';
export { openWorkbook } from './reading/openWorkbook';
export type { WorkbookSource, SourceSheet } from './reading/workbookSource';
export { ExcelDate, type CellValue, type SheetRow } from './types';
export { ISSUE_RULES, WEEK_OVER_WEEK_RULES, type IssueRule, type IssueRuleCount } from './scrubbing/issueRules';
