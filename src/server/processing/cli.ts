/**
 * Command-line face of the engine: `npm run process -- <file>... [--out dir] [--week YYYY-MM-DD]`.
 * Writes <name>.consolidated.xlsx and <name>.scrubbed.xlsx per input, or prints why an input failed;
 * exits non-zero when any input failed.
 */
import { basename, dirname, extname, join, resolve } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { ProcessingError, processWorkbook } from './index';

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
  let failures = 0;
  for (const file of files) {
    const fileName = basename(file);
    const name = basename(file, extname(file));
    const dir = resolve(outDir ?? dirname(file));
    await mkdir(dir, { recursive: true });
    const consolidatedPath = join(dir, `${name}.consolidated.xlsx`);
    const scrubbedPath = join(dir, `${name}.scrubbed.xlsx`);
    try {
      const summary = await processWorkbook({ inputPath: file, fileName, weekStart, consolidatedPath, scrubbedPath });
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
