/**
 * The previous build of the product, for benchmarks that pair this checkout with it in one run: the
 * last commit's files (`git archive HEAD`, so uncommitted changes are left out), or those of the commit
 * BENCH_PREVIOUS_COMMIT names (to pair with the build before the last commit, say `HEAD~1`), unpacked
 * beside this checkout in the temp folder, sharing its node_modules, with its server built as
 * `npm start` runs it. Kept between runs by commit, so it is unpacked and built once per commit.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './builtServer';

export interface PreviousBuild {
  /** The commit it was made from (short). */
  commit: string;
  /** Its checkout, whose `dist/server` is built: pass it as `root` to startBuiltServer. */
  root: string;
}

function git(args: string[], options: { input?: Buffer } = {}): Buffer {
  const result = spawnSync('git', args, { cwd: ROOT, input: options.input, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/** Unpacks and builds the server of the last commit, or BENCH_PREVIOUS_COMMIT's (once per commit), and answers where it is. */
export function previousBuild(): PreviousBuild {
  const commit = git(['rev-parse', '--short=12', process.env.BENCH_PREVIOUS_COMMIT || 'HEAD']).toString().trim();
  const root = join(tmpdir(), `payroll-previous-build-${commit}`);
  if (existsSync(join(root, 'dist/server/main.js'))) return { commit, root };

  console.log(`Building the previous build (commit ${commit}) in ${root} ...`);
  // unpacked and built under another name first, so an interrupted build is never taken for a finished one
  const staging = `${root}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const unpacked = spawnSync('tar', ['-x', '-C', staging], { input: git(['archive', commit]), maxBuffer: 1 << 30 });
  if (unpacked.status !== 0) throw new Error(`unpacking the previous build failed: ${unpacked.stderr.toString()}`);
  symlinkSync(join(ROOT, 'node_modules'), join(staging, 'node_modules'), 'dir');
  const built = spawnSync(process.execPath, [require.resolve('tsx/cli'), join(staging, 'scripts/build-server.ts')], { cwd: staging, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('The previous build failed.');
  rmSync(root, { recursive: true, force: true });
  renameSync(staging, root);
  return { commit, root };
}
