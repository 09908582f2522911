/**
 * A generated file as a developer reads a counterexample: format, then per sheet each table's layout
 * and columns (header as written, the spelling it came from, the canonical column it stands for, how
 * its values are written), then the sheet's rows as they are in the file.
 */
import { csvText } from './registerFiles';
import { cellText, layoutSheet } from './registerLayout';
import { type RegisterFile } from './registerSpec';

const MAX_ROWS = 30;
const show = (text: string) => JSON.stringify(text);
const columnLetter = (index: number): string => (index >= 26 ? columnLetter(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

export function describeRegister(file: RegisterFile): string {
  const lines: string[] = [];
  const format =
    file.format === 'csv'
      ? `CSV, separator ${show(file.csv!.separator)}, ${file.csv!.bom ? 'UTF-8 BOM' : 'no BOM'}, ${file.csv!.eol === '\r\n' ? 'CRLF' : 'LF'}${file.csv!.padRows ? ', rows padded' : ''}`
      : `xlsx, ${file.xlsx!.sharedStrings ? 'shared strings' : 'strings in the cells (inline rich text and str)'}`;
  lines.push(`\n${show(file.fileName)}: ${format}; week ${file.week.start.toISOString().slice(0, 10)}..${file.week.end.toISOString().slice(0, 10)}`);
  if (file.otherSheet) lines.push(`  plus sheet ${show(file.otherSheet)} without a payroll table`);
  for (const sheet of file.sheets) {
    const layout = layoutSheet(sheet);
    // a CSV's rows are numbered by line, as the engine numbers them (a header cell may hold a line break)
    const lineOf = file.format === 'csv' ? csvText(file, layout).lineOfRow : layout.rows.map((_, r) => r + 1);
    lines.push(`  sheet ${show(sheet.name)}${sheet.hidden ? ' (hidden)' : ''}: ${sheet.tables.length} table(s)`);
    layout.tables.forEach((placed, t) => {
      const { table } = placed;
      const features = [
        table.headerStyle,
        table.kind === 'weekly' ? 'weekly grid' : null,
        table.titles.length ? `titles ${table.titles.map(show).join(', ')}` : null,
        t > 0 ? `after a ${table.separator}` : null,
        table.blankAfter.length ? 'blank rows' : null,
        table.notesAfter.length ? 'notes' : null,
        table.repeatHeaderAfter !== null ? 'repeated header' : null,
        table.total ? `total row ${show(table.total.label)}` : null,
        table.leftOffset ? 'starts in column B' : null,
      ].filter(Boolean);
      lines.push(`    table ${t + 1}, header on ${file.format === 'csv' ? 'line' : 'row'} ${lineOf[placed.headerRow]}, ${table.employees.length} data row(s): ${features.join('; ')}`);
      table.columns.forEach((c, j) => {
        const spelled = c.variant === 'as listed' ? '' : ` from ${show(c.spelling)} (${c.variant})`;
        lines.push(`      ${columnLetter(placed.columnAt[j])} ${show(c.header)}${spelled} -> ${c.canonical ?? 'extra'}; values ${c.valueStyle}`);
      });
    });
    lines.push(file.format === 'csv' ? '    lines:' : '    rows:');
    layout.rows.slice(0, MAX_ROWS).forEach((row, r) => lines.push(`      ${String(lineOf[r]).padStart(2)}| ${row.map((c) => show(cellText(c))).join(' | ')}`));
    if (layout.rows.length > MAX_ROWS) lines.push(`      ... ${layout.rows.length - MAX_ROWS} more rows`);
  }
  return lines.join('\n');
}
