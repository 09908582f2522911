import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCsv } from '../../../src/server/processing/reading/csvSource';
import { removeDir, tempDir } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

/** The rule: a plain number without leading zeros becomes a number; anything else stays text. */
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const FIELDS = ['0', '00', '01', '007', '1', '10', '-', '-0', '-01', '-10.0', '1.', '1.5', '.5', '-1.25', '0.0', '0.', '-.5', '12a', '1e5', '1.2.3', '1,000', '+1', '--1', '5-', '9999999999999', '٣'];

async function firstColumn(name: string, lines: string[]): Promise<unknown[]> {
  const path = join(dir, name);
  writeFileSync(path, `Value\n${lines.join('\n')}\n`);
  const source = await openCsv(path, name);
  const cells: unknown[] = [];
  for await (const batch of source.rows(0)) for (const row of batch) cells.push(row.cells[0]);
  return cells.slice(1);
}

const expected = (fields: string[]) => fields.map((f) => (PLAIN_NUMBER.test(f) ? Number(f) : f));

/** Deterministic random numbers written every way: long, short, many decimals, leading zeros, signs. */
function numberLikeFields(count: number): string[] {
  let a = 12345;
  const rnd = () => {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    return a / 0x7fffffff;
  };
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  const fields: string[] = [];
  for (let i = 0; i < count; i++) {
    const sign = rnd() < 0.2 ? '-' : '';
    const whole = rnd() < 0.2 ? '0' : digits(1 + Math.floor(rnd() * 17));
    const fraction = rnd() < 0.5 ? '' : `.${digits(1 + Math.floor(rnd() * 24))}`;
    fields.push(`${sign}${whole}${fraction}`);
  }
  return fields;
}

describe('CSV cells', () => {
  it('are typed as numbers exactly when they are plain numbers, quoted or not', async () => {
    const quoted = await firstColumn('quoted.csv', FIELDS.map((f) => `"${f}"`));
    expect(quoted).toEqual(expected(FIELDS));
    expect(quoted.filter((c) => typeof c === 'number')).toHaveLength(9);
    const plain = FIELDS.filter((f) => !f.includes(','));
    expect(await firstColumn('unquoted.csv', plain)).toEqual(expected(plain));
  });

  it('read as numbers give exactly the value Number() gives, whatever their length', async () => {
    const fields = numberLikeFields(20_000);
    const cells = await firstColumn('numbers.csv', fields);
    const want = expected(fields);
    const mismatches = fields.filter((_, i) => !Object.is(cells[i], want[i]));
    expect(mismatches).toEqual([]);
  });
});
