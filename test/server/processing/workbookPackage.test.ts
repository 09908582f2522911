/**
 * The check the API makes of every zip it takes (checkWorkbookPackage): every part inflated within
 * the limits, small parts in one call and the rest as a stream.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkWorkbookPackage } from '@/server/processing/reading/workbookPackage';
import { withDeclaredSizes, workbookParts, zipBomb, zipOf } from '../../helpers/zipPackages';
import { removeDir, tempDir } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

async function check(name: string, zip: Buffer): Promise<void> {
  const path = join(dir, name);
  await writeFile(path, zip);
  await checkWorkbookPackage(path);
}

/** The zip with the first byte of a part's deflated data made an invalid block. */
function damagedPart(zip: Buffer, part: string): Buffer {
  const out = Buffer.from(zip);
  const header = out.indexOf(Buffer.from(part)) - 30;
  const dataAt = header + 30 + out.readUInt16LE(header + 26) + out.readUInt16LE(header + 28);
  out[dataAt] = 0xff;
  return out;
}

describe('the check of every part of an uploaded workbook', () => {
  it('passes a workbook whose parts are small, as most are', async () => {
    await expect(check('small.xlsx', await zipOf(workbookParts()))).resolves.toBeUndefined();
  });

  it('passes a part that inflates past what it declares, and past what is inflated in one call, within its limits', async () => {
    // 6 MiB of zeros declared as 100 bytes: the one-call check stops at its 4 MiB and the stream reads it through
    await expect(check('understated.xlsx', withDeclaredSizes(await zipBomb(6, 1), 100))).resolves.toBeUndefined();
    await expect(check('stated.xlsx', await zipBomb(6, 1))).resolves.toBeUndefined();
  });

  it('refuses a small part that cannot be inflated as a damaged file', async () => {
    await expect(check('damaged.xlsx', damagedPart(await zipOf(workbookParts()), 'xl/worksheets/sheet1.xml'))).rejects.toMatchObject({ code: 'CORRUPT' });
  });

  it('refuses many small parts that add up to a bomb, whatever sizes they declare', async () => {
    await expect(check('bomb.xlsx', await zipBomb(1024, 256))).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await expect(check('lying-bomb.xlsx', withDeclaredSizes(await zipBomb(1024, 256), 100))).rejects.toMatchObject({ code: 'TOO_LARGE' });
  });
});
