/**
 * The real-world corpus (test/fixtures/real-world): every workbook either processes or fails with a
 * message a person can act on, within 10 seconds and 512 MB. The files run in one child process; a
 * watchdog kills it if any single file takes longer, and the child samples its RSS while each file runs.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES } from '@/server/processing/processingError';

const CORPUS = join(__dirname, '../../fixtures/real-world');
const PER_FILE_MS = 10_000;
const STARTUP_MS = 20_000;
const MAX_RSS_MB = 512;

interface FileOutcome {
  event: 'start' | 'end';
  file: string;
  ms?: number;
  peakRssMb?: number;
  ok?: boolean;
  code?: string;
  message?: string;
}

function runCorpus(files: string[]): Promise<FileOutcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'corpusRunner.ts'), ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    const outcomes: FileOutcome[] = [];
    let current = '(start-up)';
    let buffered = '';
    let stderr = '';
    let timer = setTimeout(() => stop(), STARTUP_MS);
    const stop = () => {
      child.kill('SIGKILL');
      reject(new Error(`${current} took longer than ${PER_FILE_MS} ms`));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const outcome = JSON.parse(line) as FileOutcome;
        clearTimeout(timer);
        timer = setTimeout(stop, PER_FILE_MS);
        current = outcome.file;
        if (outcome.event === 'end') outcomes.push(outcome);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(outcomes);
      else reject(new Error(`corpus runner exited with ${code} during ${current}: ${stderr.slice(-2000)}`));
    });
  });
}

describe('the real-world corpus', () => {
  const files = readdirSync(CORPUS)
    .filter((f) => /\.(xlsx|xlsm|xls)$/i.test(f))
    .sort();
  let outcomes: FileOutcome[];

  beforeAll(async () => {
    outcomes = await runCorpus(files.map((f) => join(CORPUS, f)));
  }, 180_000);

  it('holds 81 workbooks', () => {
    expect(files).toHaveLength(81);
  });

  it('processes every file or fails it with a message a person can act on', () => {
    expect(outcomes.map((o) => o.file)).toEqual(files);
    const allowed = new Set(['NO_PAYROLL_DATA', 'PASSWORD_PROTECTED', 'CORRUPT', 'INVALID_FORMAT', 'TOO_LARGE', 'EMPTY']);
    for (const outcome of outcomes) {
      if (outcome.ok) continue;
      expect({ file: outcome.file, allowed: allowed.has(outcome.code as string) }).toEqual({ file: outcome.file, allowed: true });
      expect(outcome.message).toBe(ERROR_MESSAGES[outcome.code as keyof typeof ERROR_MESSAGES]);
    }
  });

  it('takes each file within 10 seconds and 512 MB', () => {
    for (const outcome of outcomes) {
      expect({ file: outcome.file, slow: (outcome.ms ?? 0) > PER_FILE_MS }).toEqual({ file: outcome.file, slow: false });
      expect({ file: outcome.file, heavy: (outcome.peakRssMb ?? 0) > MAX_RSS_MB }).toEqual({ file: outcome.file, heavy: false });
    }
  });

  it('names the password-protected workbook', () => {
    expect(outcomes.find((o) => o.file === 'issue_385.xls')).toMatchObject({ ok: false, code: 'PASSWORD_PROTECTED' });
  });
});
