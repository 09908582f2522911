import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BuiltServer } from '../../scripts/bench/builtServer';
import { residentMemoryMb } from '../../scripts/bench/processMemory';
import { payrollWorkbook, XLS_TYPE, XLSX_TYPE } from '../server/jobs/uploadHarness';
import { writeHostileFiles } from '../server/processing/hostileFiles';
import { FaultProduct, streamUpload, uploadForm } from './faultHarness';

/**
 * Every workbook of the real-world corpus and each of the engine's hostile cases, uploaded through
 * the staff endpoint of the built server: each ends SCRUBBED, or FAILED with a message, or is
 * refused at upload with a 400 and a message, within 10 s of being sent, while the server's
 * resident memory (sampled from /proc) stays under a bound. The outcome of every file is printed.
 */
const CORPUS = path.resolve(__dirname, '../fixtures/real-world');
const PER_FILE_MS = 10_000;
/** The whole server process: API, queue, and the engine's threads kept warm. */
const MAX_RSS_MB = 768;
const CONTENT_TYPES: Record<string, string> = { '.xls': XLS_TYPE, '.xlsx': XLSX_TYPE, '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12' };

interface Outcome {
  file: string;
  ms: number;
  ending: string;
  message: string;
}

jest.setTimeout(300_000);

describe('hostile and real-world files through the upload endpoint', () => {
  let product: FaultProduct;
  let server: BuiltServer;
  let cookie: string;
  let hostileDir: string;
  let files: string[];
  let staff: { id: string; companyId: string };

  beforeAll(async () => {
    product = await FaultProduct.create('payroll_faults_hostile');
    server = await product.start('all');
    cookie = await product.signInStaff(server.baseUrl);
    hostileDir = await mkdtemp(path.join(os.tmpdir(), 'payroll-hostile-'));
    const corpus = readdirSync(CORPUS).filter((name) => name in CONTENT_TYPES || path.extname(name) in CONTENT_TYPES);
    files = [...corpus.map((name) => path.join(CORPUS, name)), ...(await writeHostileFiles(hostileDir, await payrollWorkbook()))];
    const { rows } = await product.database.query<{ id: string; companyId: string }>('select id, company_id as "companyId" from users where email = $1', ['staff@northwind.demo']);
    staff = rows[0];
  });

  afterAll(async () => {
    await product?.stop();
    await rm(hostileDir, { recursive: true, force: true });
  });

  /** A client of its own for each file, so every upload is a first one for its week. */
  async function newClient(name: string): Promise<string> {
    const { rows } = await product.database.query<{ id: string }>('insert into clients (company_id, name, assigned_staff_id) values ($1, $2, $3) returning id', [staff.companyId, name, staff.id]);
    await product.database.query("insert into required_documents (client_id, title) values ($1, 'Weekly Payroll')", [rows[0].id]);
    return rows[0].id;
  }

  async function send(file: string): Promise<Outcome> {
    const name = path.basename(file);
    const clientId = await newClient(`Hostile ${name}`);
    const started = Date.now();
    const answer = await streamUpload(server.baseUrl, cookie, uploadForm(clientId, await readFile(file), name, CONTENT_TYPES[path.extname(name)]), { pieces: 1 });
    if (!('status' in answer)) return { file: name, ms: Date.now() - started, ending: 'connection failed', message: answer.failed };
    if (answer.status !== 202) return { file: name, ms: Date.now() - started, ending: `refused ${answer.status}`, message: answer.body.message };
    const uploadId = answer.body.data?.processingId as string;
    const ending = (await product.statusReached(uploadId, ['SCRUBBED', 'FAILED'], PER_FILE_MS)) ?? 'gone';
    const ms = Date.now() - started;
    const { rows } = await product.database.query<{ message: string | null }>('select error_message as message from uploads where id = $1', [uploadId]);
    return { file: name, ms, ending, message: rows[0]?.message ?? '' };
  }

  it('ends each file SCRUBBED, FAILED with a message, or refused with a message, within 10 s and bounded memory', async () => {
    let peakRssMb = residentMemoryMb(server.child.pid as number);
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, residentMemoryMb(server.child.pid as number));
    }, 100);
    const outcomes: Outcome[] = [];
    try {
      for (const file of files) outcomes.push(await send(file));
    } finally {
      clearInterval(sampler);
    }
    console.log(
      [
        `${outcomes.length} files, slowest ${Math.max(...outcomes.map((outcome) => outcome.ms))} ms, server peak RSS ${peakRssMb.toFixed(0)} MB`,
        ...outcomes.map((outcome) => `${outcome.file.padEnd(48)} ${String(outcome.ms).padStart(6)} ms  ${outcome.ending.padEnd(11)} ${outcome.message}`),
      ].join('\n'),
    );

    const unacceptable = outcomes.filter(
      (outcome) => outcome.ms > PER_FILE_MS || !(outcome.ending === 'SCRUBBED' || ((outcome.ending === 'FAILED' || outcome.ending === 'refused 400') && outcome.message.length > 0)),
    );
    expect(unacceptable).toEqual([]);
    // a refusal or failure names the problem, never an internal detail
    for (const outcome of outcomes) expect(outcome.message).not.toMatch(/ENOENT|stack|\/tmp\/|at [\w.]+ \(/);
    expect(peakRssMb).toBeLessThan(MAX_RSS_MB);
  });
});
