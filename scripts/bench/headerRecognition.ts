/**
 * How many of the header spellings real payroll exports use the engine maps to the right canonical
 * column, per column, and which it misses: the corpus of the generated-register tests (a fixed seed
 * over the spelling list, varied in case, punctuation, line breaks and units), or every listed spelling.
 *
 *   npx tsx scripts/bench/headerRecognition.ts                  the 300-header corpus
 *   npx tsx scripts/bench/headerRecognition.ts --seed 7 --size 600
 *   npx tsx scripts/bench/headerRecognition.ts --all [--variant n]   every listed spelling, as listed or in variant n
 *   npx tsx scripts/bench/headerRecognition.ts --two-row       every split pair and header group
 */
import { CORPUS_SEED, CORPUS_SIZE, formatReport, headerCorpus, listedCorpus, recognitionReport, twoRowCorpus } from '../../test/server/processing/generated/headerRecognition';
import { VARIANT_NAMES } from '../../test/server/processing/generated/headerVariants';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  // the engine on this thread: one small workbook, no pipeline thread to start
  process.env.PAYROLL_PIPELINE_THREAD = '0';
  const seed = Number(option('seed') ?? CORPUS_SEED);
  const variant = Number(option('variant') ?? 0);
  const all = process.argv.includes('--all');
  const twoRow = process.argv.includes('--two-row');
  const corpus = twoRow ? twoRowCorpus() : all ? listedCorpus(variant) : headerCorpus(Number(option('size') ?? CORPUS_SIZE), seed);
  const label = twoRow ? 'two-row headers' : all ? `every listed spelling, ${VARIANT_NAMES[variant % VARIANT_NAMES.length]}` : `seed ${seed}`;
  console.log(formatReport(await recognitionReport(corpus), label));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
