/**
 * An upload made for the viewer's benchmarks: the dense generated workbooks of `npm run bench:engine`
 * (same model, seed and file names; generated when missing), posted over HTTP by the demo staff
 * member for a client of their own and followed until its viewer is READY.
 */
import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO } from './builtServer';
import { writeModelXlsx } from './payrollFiles';
import { payrollModel } from './payrollModel';
import { signIn } from './signIn';

/** Where the generated inputs are kept (BENCH_DIR, default: the temp folder). */
export const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'payroll-engine-bench');

const READY_TIMEOUT_MS = 900_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The dense workbook of twelve sheets of `rowsPerSheet` rows, kept in BENCH_DIR under this label. */
export async function denseWorkbook(label: string, rowsPerSheet: number): Promise<string> {
  const path = join(BENCH_DIR, `payroll-${label}-dense.xlsx`);
  if (!existsSync(path)) {
    mkdirSync(BENCH_DIR, { recursive: true });
    console.log(`generating ${path} ...`);
    await writeModelXlsx(payrollModel({ sheets: 12, rowsPerSheet, seed: 2025, dense: true }), path, true);
  }
  return path;
}

/** A JSON call of one signed-in person, as the SPA makes it (same origin); answers the body's `data`. */
export type ApiCall = <T>(url: string, init?: RequestInit) => Promise<T>;

export function apiCaller(baseUrl: string, cookie: string): ApiCall {
  return async <T>(url: string, init: RequestInit = {}) => {
    const response = await fetch(`${baseUrl}${url}`, { ...init, headers: { cookie, origin: baseUrl, ...(init.headers ?? {}) } });
    const body = (await response.json()) as { data: T; message?: string };
    if (response.status >= 300) throw new Error(`${url} answered ${response.status}: ${body.message}`);
    return body.data;
  };
}

/** The parts of the viewer's overview the benchmarks read. */
export interface ViewerOverviewAnswer {
  state: string;
  versions: Array<{ version: string; sheets: Array<{ index: number; name: string; rowCount: number; kind: string }> }>;
}

export interface ViewerUpload {
  clientId: string;
  clientName: string;
  uploadId: string;
  /** The overview once READY. */
  overview: ViewerOverviewAnswer;
  /** Upload posted to viewer READY (engine, files stored, pack built). */
  readyMs: number;
  /** Calls as the demo admin. */
  admin: ApiCall;
}

/**
 * The demo admin creates a client assigned to the demo staff member, who uploads `path` for it; the
 * overview is then asked for every 200 ms until the viewer is READY.
 */
export async function uploadUntilViewerReady(baseUrl: string, path: string, clientName: string): Promise<ViewerUpload> {
  const admin = apiCaller(baseUrl, await signIn(baseUrl, 'admin', DEMO.admin, DEMO.password));
  const staff = apiCaller(baseUrl, await signIn(baseUrl, 'staff', DEMO.staff, DEMO.password));
  const me = await staff<{ id: string }>('/api/auth/me');
  const created = await admin<{ client: { id: string } }>('/api/client', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: clientName, assigned_staff_id: me.id }),
  });
  const form = new FormData();
  form.append('clientId', created.client.id);
  form.append('file', await openAsBlob(path, { type: XLSX_TYPE }), 'payroll.xlsx');
  const posted = performance.now();
  const queued = await staff<{ processingId: string }>('/api/staff/upload-required-document', { method: 'POST', body: form });
  const viewer = `/api/company/uploads/${queued.processingId}/viewer`;
  let overview: ViewerOverviewAnswer;
  do {
    await new Promise((resolve) => setTimeout(resolve, 200));
    overview = await admin<ViewerOverviewAnswer>(viewer);
    if (overview.state === 'UNAVAILABLE') throw new Error(`the upload for ${clientName} has no viewer`);
    if (performance.now() - posted > READY_TIMEOUT_MS) throw new Error(`the upload for ${clientName} was not ready in time`);
  } while (overview.state !== 'READY');
  return { clientId: created.client.id, clientName, uploadId: queued.processingId, overview, readyMs: performance.now() - posted, admin };
}
