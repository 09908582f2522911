/**
 * The weekly grid: a month's register where groups ("Hours Worked", "Overtime Hours", "Pay") each span
 * one column per week, the group's label merged over its weeks and the week-ending dates below.
 */
import { dateText, renderValue, valueStyleName } from './columnValues';
import { HEADER_SPELLINGS, WEEKLY_GROUPS } from './headerSpellings';
import { headerVariant, VARIANT_NAMES } from './headerVariants';
import { type Employee, type PayWeek } from './payrollModel';
import { type ColumnSpec, type RegisterCell, type TableSpec } from './registerSpec';
import { variantIndex } from './tableColumns';

export interface WeeklyChoices {
  groups: number;
  weeks: number;
  groupPick: number;
  labelForm: number;
  idPick: number;
  namePick: number;
  withGross: boolean;
  withSsn: boolean;
  style: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function weekLabel(date: Date, form: number): string {
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  if (form % 3 === 1) return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}`;
  if (form % 3 === 2) return `${MONTHS[m - 1]} ${d}`;
  return dateText(date, 0);
}

function simpleColumn(field: ColumnSpec['field'], canonical: ColumnSpec['canonical'], spelling: string, variant: number): ColumnSpec {
  const header = headerVariant(spelling, canonical, variant);
  return { field, canonical, header, upper: null, spelling, variant: VARIANT_NAMES[header === spelling ? 0 : variant], valueStyle: '', values: [], secrets: [] };
}

export function weeklyTable(choices: WeeklyChoices, employees: Employee[], week: PayWeek, format: 'xlsx' | 'csv', department: string): Pick<TableSpec, 'columns' | 'groups' | 'headerStyle'> {
  const id = simpleColumn('id', 'Employee ID', HEADER_SPELLINGS['Employee ID'][choices.idPick % HEADER_SPELLINGS['Employee ID'].length], variantIndex(choices.idPick));
  const name = simpleColumn('name', 'Employee Name', HEADER_SPELLINGS['Employee Name'][choices.namePick % HEADER_SPELLINGS['Employee Name'].length], 0);
  // a header that says "Last, First" gets names written that way
  const ctx = { format, nameForm: name.spelling.includes(',') ? 2 : 0, department, week, extraHeader: '' };
  const columns: ColumnSpec[] = [id, name];
  for (const column of columns) {
    column.valueStyle = valueStyleName(column.field, 0, format);
    employees.forEach((emp, row) => {
      column.values.push(renderValue(column.field, emp, { ...ctx, style: 0, row }).value);
      column.secrets.push([]);
    });
  }
  const groups: TableSpec['groups'] = [];
  for (let g = 0; g < choices.groups; g++) {
    const label = WEEKLY_GROUPS[(choices.groupPick + g) % WEEKLY_GROUPS.length];
    const from = columns.length;
    for (let w = 0; w < choices.weeks; w++) {
      const ending = new Date(week.end.getTime() - (choices.weeks - 1 - w) * 7 * 86400000);
      const values: RegisterCell[] = employees.map((emp, row) => {
        const hours = Math.round(((emp.hours.reg + 3 * g + 5 * w + row) % 44) * 4) / 4;
        const amount = label === 'Pay' ? Math.round(hours * emp.rate * 100) / 100 : hours;
        return format === 'csv' ? String(amount) : amount;
      });
      columns.push({
        field: 'weekly', canonical: null, header: weekLabel(ending, choices.labelForm), upper: null, spelling: label,
        variant: 'two rows, grouped by week', valueStyle: 'number', values, secrets: employees.map(() => []),
      });
    }
    groups.push({ from, to: columns.length - 1, label });
  }
  const add = (column: ColumnSpec) => {
    column.valueStyle = valueStyleName(column.field, choices.style, format);
    employees.forEach((emp, row) => {
      const rendered = renderValue(column.field, emp, { ...ctx, style: choices.style, row });
      column.values.push(rendered.value);
      column.secrets.push(rendered.secrets);
    });
    columns.push(column);
  };
  if (choices.withGross) add(simpleColumn('gross', 'Gross Pay', 'Gross Pay', 0));
  if (choices.withSsn) add(simpleColumn('ssn', 'SSN', HEADER_SPELLINGS.SSN[choices.style % HEADER_SPELLINGS.SSN.length], 0));
  return { columns, groups, headerStyle: 'two rows, grouped' };
}
