/**
 * One reference pipeline as a whole process, the counterpart of the engine's command line in the cold
 * comparison (see `engine.ts`, BENCH_CLI); built and run by plain Node, loading only its own library:
 *   referenceProcess.js <exceljs|sheetjs|csv-parse> <input> <output.xlsx>
 */
import { loadReference } from './referencePipelines';

async function main(): Promise<void> {
  const [kind, input, output] = process.argv.slice(2);
  const reference = await loadReference(kind);
  const rows = await reference(input, output);
  console.log(`${kind}: ${rows} rows`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
