import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsBuild } from '../../scripts/buildFreshness.cjs';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-freshness-'));
  mkdirSync(join(root, 'src/deep'), { recursive: true });
  mkdirSync(join(root, 'dist'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes a file with the given modification time (seconds since the epoch). */
function file(path: string, seconds: number): void {
  writeFileSync(join(root, path), path);
  utimesSync(join(root, path), seconds, seconds);
}

describe('whether a build is missing or stale', () => {
  beforeEach(() => {
    file('src/deep/a.ts', 1000);
    file('config.json', 1000);
    for (const dir of ['src/deep', 'src']) utimesSync(join(root, dir), 1000, 1000);
  });

  it('builds when an output is missing', () => {
    file('dist/one.js', 2000);
    expect(needsBuild(root, ['dist/one.js', 'dist/two.js'], ['src'])).toBe(true);
  });

  it('does not build when every output is newer than every source', () => {
    file('dist/one.js', 2000);
    file('dist/two.js', 2000);
    expect(needsBuild(root, ['dist/one.js', 'dist/two.js'], ['src', 'config.json', 'absent.json'])).toBe(false);
  });

  it('builds when a source deep in a folder, or a single file, changed after the oldest output', () => {
    file('dist/one.js', 2000);
    file('dist/two.js', 3000);
    file('src/deep/a.ts', 2500);
    expect(needsBuild(root, ['dist/one.js', 'dist/two.js'], ['src'])).toBe(true);
    expect(needsBuild(root, ['dist/two.js'], ['src'])).toBe(false);
    file('config.json', 3500);
    expect(needsBuild(root, ['dist/two.js'], ['src', 'config.json'])).toBe(true);
  });
});
