/**
 * The scrubbed workbook's last resort against SSNs: every text cell of its sheets passes here as it is
 * encoded, so an SSN-shaped run the scrub did not mask (a sheet or file name, a header, a message
 * quoting a value) is masked all the same; in the sheets of figures (Employee Totals, Issues) a
 * nine-digit whole number is written masked, as text. The consolidated workbook keeps data as written.
 */
import { isNineDigitInteger, maskCheckedSsnRuns, maskNineDigitInteger, mayHoldSsn } from '../scrubbing/sensitiveValues';

/** What a sheet's cells are checked for as they are encoded. */
export const enum SensitiveGuard {
  /** Nothing: the data is kept as written (the consolidated workbook). */
  None = 0,
  /** SSN-shaped runs in text are masked. */
  Text = 1,
  /** Text as above, and a nine-digit whole number is written masked, as text. */
  TextAndWholeNumbers = 2,
  /**
   * Text in the header row only: a sheet whose every other cell the scrub has already checked (the
   * Scrubbed sheet's rows pass `scrubbing/rowScrubber`, which masks and reports each value).
   */
  HeaderText = 3,
}

/** The text with any SSN-shaped run masked (the same text when there is none). */
export function guardedText(text: string): string {
  return mayHoldSsn(text) ? (maskCheckedSsnRuns(text)?.text ?? text) : text;
}

/** A number's masked text when the guard masks it (a nine-digit whole number), else undefined. */
export function guardedNumber(value: number, guard: SensitiveGuard): string | undefined {
  return guard === SensitiveGuard.TextAndWholeNumbers && isNineDigitInteger(value) ? maskNineDigitInteger(value) : undefined;
}
