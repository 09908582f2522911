/**
 * Weekly payrolls of distinct clients, for routing files to their clients: the messy payroll model
 * (payrollModel.ts) with each client's own staff (IDs and names of its own) in place of the model's
 * shared pool, and a neutral title, so only what the rows hold tells one client's file from another's.
 * The same client's weeks share most of their staff (a few leave and join from week to week).
 */
import { type ModelCell, type ModelOptions, type PayrollModel, payrollModel } from './payrollModel';

const FIRST = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Maria', 'Wei', 'Aisha',
  'Carlos', 'Priya', 'Olga', 'Kenji', 'Fatima', 'Noah', 'Emma', 'Liam', 'Olivia', 'Mateo', 'Sofia', 'Arjun', 'Chloe', 'Yusuf', 'Ingrid', 'Tomas',
  'Hana', 'Diego', 'Amara', 'Lucas', 'Zoe', 'Ravi', 'Elena', 'Omar', 'Grace',
];
const LAST = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Chen', 'Nguyen',
  'Patel', 'Kim', 'Okafor', 'Novak', 'Silva', 'Haddad', 'Berg', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Gomez', 'Ito', 'Jansen', 'Kowalski',
  'Larsen', 'Moreau', 'Nakamura', 'Osei', 'Petrov', 'Quinn', 'Rossi', 'Sato', 'Torres', 'Varga', 'Walsh',
];

/** The model's employee index of a data row: its ID is 100000 + index. */
function modelEmployee(cell: ModelCell): number | undefined {
  const id = typeof cell === 'number' ? cell : typeof cell === 'string' && /^1\d{5}$/.test(cell) ? Number(cell) : undefined;
  return id === undefined ? undefined : id - 100000;
}

export interface ClientPayrollOptions extends ModelOptions {
  /** Which client (0, 1, ...): its staff's IDs and names. */
  client: number;
  /** Which week (0, 1, ...): a few of the staff change from one week to the next. */
  week?: number;
  /** A title naming the client, as some exports have; absent, a neutral one. */
  title?: string;
  /**
   * How many people the client employs (default ROSTER): a large file repeats them (a line per shift
   * or day), as a big time-clock export does, rather than naming tens of thousands of people.
   */
  roster?: number;
}

export const ROSTER = 600;

/** A client's employee: an ID in the client's own range and a name drawn for the client. */
export function clientEmployee(client: number, index: number): { id: string; name: string } {
  const mix = Math.imul(client * 7919 + index * 104729 + 17, 2654435761) >>> 0;
  return { id: String((client + 1) * 1_000_000 + index), name: `${FIRST[mix % FIRST.length]} ${LAST[(mix >>> 8) % LAST.length]}` };
}

/** A client's week of payroll: the payroll model's rows with the client's staff in them. */
export function clientPayrollModel(options: ClientPayrollOptions): PayrollModel {
  // the same seed every week: the same people work each week, the week's changes are made below
  const model = payrollModel({ ...options, seed: (options.seed ?? 1) + options.client * 101 });
  const week = options.week ?? 0;
  for (const sheet of model.sheets) {
    sheet.rows[0] = [options.title ?? 'Weekly Payroll Register'];
    for (const row of sheet.rows.slice(sheet.bodyStart)) {
      const modelIndex = modelEmployee(row[0]);
      if (modelIndex === undefined) continue;
      const e = modelIndex % (options.roster ?? ROSTER);
      // one in ten of the staff is replaced each week by someone new
      const index = e % 10 === week % 10 ? 500 + e + week * 1000 : e;
      const employee = clientEmployee(options.client, index);
      row[0] = employee.id;
      const name = typeof row[1] === 'string' && row[1].includes(',') ? employee.name.split(' ').reverse().join(', ').toUpperCase() : employee.name;
      row[1] = name;
    }
  }
  return model;
}
