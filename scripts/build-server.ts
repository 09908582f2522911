/**
 * Bundles the server into dist/server (dependencies stay in node_modules) and copies its migrations.
 * The engine's threads (the pipeline's, and the sheet reader's) are entries of their own, placed beside
 * main.js where the engine looks for them; so is the engine's command line (process.js, which
 * `npm run process` runs).
 */
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'dist/server');

async function main(): Promise<void> {
  await rm(out, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      process: path.join(root, 'src/server/processing/cli.ts'),
      pipelineWorker: path.join(root, 'src/server/processing/pipeline/pipelineWorker.ts'),
      xlsxReadWorker: path.join(root, 'src/server/processing/reading/xlsxReadWorker.ts'),
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  await cp(path.join(root, 'src/server/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  console.log('built dist/server');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
