/**
 * Command-line face of the engine: `npm run process -- <file>... [--out dir] [--week YYYY-MM-DD]`.
 * Writes <name>.consolidated.xlsx and <name>.scrubbed.xlsx per input, or prints why an input failed;
 * exits non-zero when any input failed.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import { mkdir, stat } from 'node:fs/promises';
import { ProcessingError, processWorkbook, warmPipeline } from './index';
import { type ProcessWorkbookOptions, type ProcessingSummary } from './types';

/**
 * Inputs up to this size are processed on this thread. A fresh process then compiles the pipeline and
 * grows a heap once, in one isolate, instead of starting a second one for the pipeline's thread: cold,
 * that takes about a fifth off a small workbook's wall time (a tenth of its CPU time) and about a tenth
 * off a 5 MB one's. Such an input needs a few hundred megabytes at most, far inside this thread's heap;
 * a larger one goes to the pipeline's thread, whose bounded heap turns an input too large for it into
 * TOO_LARGE rather than the end of the process.
 */
const CALLING_THREAD_MAX_BYTES = 16 * 1024 * 1024;

async function fileSize(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
}

/** A missing or unreadable input is reported by the pipeline, as it is on the thread. */
const runsHere = (size: number | undefined) => size === undefined || size <= CALLING_THREAD_MAX_BYTES;

async function processHere(options: ProcessWorkbookOptions): Promise<ProcessingSummary> {
  const { runPipeline } = await import('./pipeline/runPipeline');
  return runPipeline(options);
}

interface CliArguments {
  files: string[];
  outDir?: string;
  weekStart?: Date;
}

function parseArguments(argv: string[]): CliArguments {
  const args: CliArguments = { files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--out') args.outDir = argv[++i];
    else if (arg === '--week') {
      const [y, m, d] = (argv[++i] ?? '').split('-').map(Number);
      args.weekStart = new Date(y, m - 1, d);
    } else args.files.push(arg);
  }
  return args;
}

async function main(): Promise<number> {
  const { files, outDir, weekStart } = parseArguments(process.argv.slice(2));
  if (files.length === 0) {
    console.error('Usage: npm run process -- <file>... [--out dir] [--week YYYY-MM-DD]');
    return 2;
  }
  const sizes = await Promise.all(files.map(fileSize));
  // the pipeline's thread, when an input needs it, starts and loads while this one prepares the first file
  if (!sizes.every(runsHere)) void warmPipeline();
  let failures = 0;
  for (const [index, file] of files.entries()) {
    const fileName = basename(file);
    const name = basename(file, extname(file));
    const dir = resolve(outDir ?? dirname(file));
    await mkdir(dir, { recursive: true });
    const consolidatedPath = join(dir, `${name}.consolidated.xlsx`);
    const scrubbedPath = join(dir, `${name}.scrubbed.xlsx`);
    try {
      const options = { inputPath: file, fileName, weekStart, consolidatedPath, scrubbedPath };
      const summary = await (runsHere(sizes[index]) ? processHere(options) : processWorkbook(options));
      console.log(
        `${fileName}: ${summary.rowsIn} rows in, ${summary.rowsOut} rows out, ${summary.employees} employees, ` +
          `${summary.issues.error} errors, ${summary.issues.warning} warnings (${Math.round(summary.durationMs)} ms)\n  -> ${consolidatedPath}\n  -> ${scrubbedPath}`,
      );
    } catch (err) {
      failures++;
      const message = err instanceof ProcessingError ? err.message : 'The file could not be processed.';
      console.log(`${fileName}: ${message}`);
    }
  }
  return failures > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  () => process.exit(1),
);
