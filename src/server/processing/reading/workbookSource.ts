/** What every reader (xlsx family, xls, csv) offers the pipeline: the sheets, then their rows in batches. */
import { type SheetRow } from '../types';
import { type SheetMeasure } from './readMeter';

export interface SourceSheet {
  name: string;
  hidden: boolean;
  /** Set when the sheet cannot hold a table (a chart sheet, a macro sheet). */
  unreadable?: string;
}

export interface WorkbookSource {
  format: 'xlsx' | 'xls' | 'csv';
  sheets: SourceSheet[];
  /**
   * Rows of one sheet in order, in batches. Leaving the loop early (break) releases the reader,
   * so the header search reads only the top of each sheet.
   */
  rows(sheetIndex: number): AsyncIterable<SheetRow[]>;
  /** How much of a sheet there is to read and how much has been read (see ReadMeter); undefined when the reader cannot tell. */
  measure?(sheetIndex: number): SheetMeasure | undefined;
  close(): Promise<void>;
}
