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

describe('CSV cells', () => {
  it('are typed as numbers exactly when they are plain numbers', async () => {
    const path = join(dir, 'typing.csv');
    writeFileSync(path, `Value\n${FIELDS.map((f) => `"${f}"`).join('\n')}\n`);
    const source = await openCsv(path, 'typing.csv');
    const cells: unknown[] = [];
    for await (const batch of source.rows(0)) for (const row of batch) cells.push(row.cells[0]);
    expect(cells.slice(1)).toEqual(FIELDS.map((f) => (PLAIN_NUMBER.test(f) ? Number(f) : f)));
    expect(cells.slice(1).filter((c) => typeof c === 'number')).toHaveLength(9);
  });
});
