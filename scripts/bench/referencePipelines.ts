/**
 * What a typical Node implementation would do with the same files, timed beside the engine:
 * ExcelJS streaming reader + streaming writer, SheetJS read + write, csv-parse + ExcelJS writer.
 * Each reads every cell and writes one sheet; none of them classifies, scrubs or checks anything.
 * Each lives in a module of its own, loaded when asked for, so a process running one loads only its
 * library (as a whole process timed cold must: see `referenceProcess.ts`).
 */

export type ReferencePipeline = (input: string, output: string) => Promise<number> | number;

const REFERENCES: Record<string, () => Promise<ReferencePipeline>> = {
  exceljs: () => import('./references/excelJsStreaming').then((m) => m.excelJsStreaming),
  sheetjs: () => import('./references/sheetJs').then((m) => m.sheetJs),
  'csv-parse': () => import('./references/csvParseExcelJs').then((m) => m.csvParseExcelJs),
};

/** The reference pipeline named `kind` (exceljs, sheetjs, csv-parse), its library loaded. */
export function loadReference(kind: string): Promise<ReferencePipeline> {
  const load = REFERENCES[kind];
  if (!load) throw new Error(`unknown reference ${kind}`);
  return load();
}
