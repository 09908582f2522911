/**
 * No log line carries the values of a row or of a query: an upload that fails on the database is
 * logged by the error's kind, code and message, while its payroll (names, identifiers, pay, rates),
 * which the query's parameters and the database's detail hold, stays out of the log.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { uploads } from '@/server/db/schema';
import { processUpload } from '@/server/jobs/processUpload';
import { UNEXPECTED_FAILURE } from '@/server/services/uploads/uploadMessages';
import { loggerOptions, serializeError } from '@/server/logging';
import { buildTestApp, type TestApp } from '../helpers/buildTestApp';
import { RecordingPublisher, staffedClient, uploadDocument } from './jobs/uploadHarness';

jest.setTimeout(60_000);

/** A payroll of values found nowhere else, so any trace of them in a log is a leak. */
const PAYROLL = {
  id: 'QX-90817',
  name: 'Zebulon Quagmire',
  otherName: 'Philippa Thistlewaite',
  rate: '48.27',
  gross: '1810.13',
};
const PAYROLL_CSV = [
  'Emp ID,Employee Name,Regular Hours,Pay Rate,Gross Pay',
  `${PAYROLL.id},${PAYROLL.name},37.5,${PAYROLL.rate},${PAYROLL.gross}`,
  `QX-55120,${PAYROLL.otherName},40,22.5,900`,
].join('\r\n');

/** A logger made as the server makes its own, whose lines are kept here. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  return { log: pino(loggerOptions('info'), stream), lines };
}

function expectNoPayrollIn(text: string): void {
  for (const value of Object.values(PAYROLL)) expect([value, text.includes(value)]).toEqual([value, false]);
}

describe('logging errors', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterAll(() => t.close());

  it("keeps a failed query's parameters and the value it refused out of the error as logged", async () => {
    const failure = await t.database.db.execute(sql`select ${PAYROLL.name}::int as pay`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // what the error carries: the parameters in its message, the refused value in its cause's
    expect(`${String(failure)} ${String((failure as Error).cause)}`).toContain(PAYROLL.name);

    const logged = JSON.stringify(serializeError(failure));
    expectNoPayrollIn(logged);
    expect(JSON.parse(logged)).toMatchObject({
      message: 'Failed query (its text and parameters are not logged)',
      cause: { code: '22P02', message: 'invalid input syntax for type integer: "…"' },
    });
  });

  it('logs an upload that fails on the database without a value of its payroll', async () => {
    const { agent, clientId } = await staffedClient(t);
    const queued = await uploadDocument(agent, { clientId }, { filename: 'week.csv', contentType: 'text/csv', content: PAYROLL_CSV });
    expect(queued.statusCode).toBe(202);
    const { processingId: uploadId, jobId } = queued.json().data as { processingId: string; jobId: string };

    // the week's facts (each employee's name, identifier, gross and rates) are refused when stored
    await t.database.db.execute(sql`alter table client_week_facts add constraint refuse_every_week check (false) not valid`);
    const { log, lines } = capturingLogger();
    try {
      await processUpload({ db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log }, { id: jobId, data: { uploadId }, expireInSeconds: 60 });
    } finally {
      await t.database.db.execute(sql`alter table client_week_facts drop constraint refuse_every_week`);
    }

    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(upload).toMatchObject({ status: 'FAILED', errorMessage: UNEXPECTED_FAILURE });
    expect(lines).toHaveLength(1);
    expectNoPayrollIn(lines[0]);
    // what is logged still tells an operator what failed: the kind of error and the database's code
    expect(JSON.parse(lines[0])).toMatchObject({ msg: 'an upload could not be processed', uploadId, err: { type: 'DrizzleQueryError', cause: { code: '23514' } } });
  });
});
