/** A table's header as found in a sheet: its row(s), and each column's text and mapping. */
import { type MappingSource } from '../types';
import { type CanonicalColumn } from './canonicalColumns';

export interface HeaderColumn {
  /** 0-based column index in the source sheet. */
  index: number;
  /** Header text as written (two-row headers joined with a space). */
  header: string;
  canonical?: CanonicalColumn;
  /** How `canonical` was decided (absent for an extra column, but for one an admin's fix keeps as an extra). */
  how?: MappingSource;
  /** What the header's words name on their own, even when another column of the sheet took that column. */
  named?: CanonicalColumn;
  /** Under a group label of a grouped two-row header: what the label names ("Hours Worked" over five dates). */
  group?: CanonicalColumn;
  /** No header text: the column is named after its letter ("Column F") because it holds data. */
  unnamed?: boolean;
  /** Kept as an extra, its values are SSN-shaped: every value is masked in the scrubbed file. */
  sensitive?: 'ssn';
}

export interface SheetHeader {
  /** 1-based row number of the header (the lower row of a two-row header). */
  row: number;
  /** Row number of the upper row when the header spans two rows. */
  upperRow?: number;
  columns: HeaderColumn[];
  /** Normalised texts of the header row(s), to recognise repeats below. */
  repeatKeys: string[];
  /** Set when the lower row of the header holds several periods side by side under group labels. */
  grouped?: { labels: string[]; columns: number };
}
