import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { baseUrl, signIn, signInAs } from './browser';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A company of its own, with every kind of row its screens show: an approved, a rejected, a pending and a missing upload, and a ticket. */
export interface WalkCompany {
  admin: { name: string; email: string; password: string };
  staff: { name: string; email: string; password: string };
  companyId: string;
  /** The clients by what their week holds; the long name tests how lists wrap. */
  clients: Record<'approved' | 'rejected' | 'pending' | 'missing', { id: string; name: string }>;
  ticketId: string;
}

/** A JSON call of the signed-in context, as the SPA makes it (same origin). */
async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const response = await request.fetch(`${baseUrl()}/api${url}`, { method, data, headers: { Origin: baseUrl() } });
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Sets up a company whose screens have something on them: the operator creates it and its admin;
 * the admin adds a staff member and four clients; the staff member uploads three payrolls and
 * raises a ticket; the admin approves one upload, rejects another and leaves the third to review. `key` keeps the names
 * apart from other suites' (every suite shares one server).
 */
export async function setUpWalkCompany(newPage: () => Promise<Page>, key: string): Promise<WalkCompany> {
  const password = `walk-${key}-password`;
  const admin = { name: 'Rosa Delgado', email: `rosa@${key}.test`, password };
  const staff = { name: 'Marcus Okonkwo-Villanueva', email: `marcus@${key}.test`, password };
  const operator = await newPage();
  await signIn(operator, 'SYSTEM');
  const created = await call<{ data: { company: { id: string } } }>(operator.context().request, 'POST', '/system/companies', { name: `Evergreen ${key} Payroll` });
  const companyId = created.data.company.id;
  await call(operator.context().request, 'POST', `/system/companies/${companyId}/admins`, { name: admin.name, email: admin.email, password });

  const adminPage = await newPage();
  await signInAs(adminPage, 'ADMIN', admin.email, password);
  const staffMember = await call<{ data: { staff: { id: string } } }>(adminPage.context().request, 'POST', '/company/staff', { name: staff.name, email: staff.email, password });
  const names = {
    approved: 'Alpine Cafe',
    rejected: 'Northshore Veterinary Specialty Hospital and Pet Wellness Center',
    pending: 'Quarry Hill Hardware',
    missing: 'Zephyr Yoga',
  };
  const clients = {} as WalkCompany['clients'];
  for (const [kind, name] of Object.entries(names) as [keyof typeof names, string][]) {
    const client = await call<{ data: { client: { id: string } } }>(adminPage.context().request, 'POST', '/client', {
      name,
      assigned_staff_id: staffMember.data.staff.id,
      status: 'ACTIVE',
    });
    clients[kind] = { id: client.data.client.id, name };
  }

  const staffPage = await newPage();
  await signInAs(staffPage, 'STAFF', staff.email, password);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'payroll-e2e-walk-'));
  try {
    const workbookPath = path.join(folder, 'payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 2, rowsPerSheet: 30, seed: 5 }), workbookPath);
    const workbook = readFileSync(workbookPath);
    for (const kind of ['approved', 'rejected', 'pending'] as const) {
      const response = await staffPage.context().request.fetch(`${baseUrl()}/api/staff/upload-required-document`, {
        method: 'POST',
        headers: { Origin: baseUrl() },
        multipart: { clientId: clients[kind].id, file: { name: `${clients[kind].name} payroll.xlsx`, mimeType: XLSX_TYPE, buffer: workbook } },
      });
      if (!response.ok()) throw new Error(`The upload for ${clients[kind].name} answered ${response.status()}: ${await response.text()}`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  // Every upload processed (or failed) before anyone reviews them.
  type Row = { client: { name: string }; upload: { upload_id: string; status: string; error_message?: string | null } | null };
  let rows: Row[] = [];
  const uploaded = (row: Row) => row.upload !== null;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    rows = (await call<{ data: { documents: Row[] } }>(staffPage.context().request, 'GET', '/staff/weekly-documents')).data.documents;
    if (rows.filter(uploaded).length === 3 && rows.filter(uploaded).every((row) => row.upload?.status === 'SCRUBBED' || row.upload?.status === 'FAILED')) break;
    await staffPage.waitForTimeout(500);
  }
  const uploadOf = (kind: 'approved' | 'rejected') => {
    const { upload } = rows.find((row) => row.client.name === clients[kind].name) ?? { upload: null };
    if (upload?.status !== 'SCRUBBED') {
      throw new Error(`The upload for ${clients[kind].name} did not finish processing: ${upload ? `${upload.status} ${upload.error_message ?? ''}` : 'not found'}`);
    }
    return upload.upload_id;
  };
  await call(adminPage.context().request, 'POST', `/company/weekly-documents/${uploadOf('approved')}/review`, {
    approval_status: 'APPROVED',
    override_reason: 'Checked against the timesheets by phone.',
  });
  await call(adminPage.context().request, 'POST', `/company/weekly-documents/${uploadOf('rejected')}/review`, {
    approval_status: 'REJECTED',
    scrubbed_notes: 'The Downtown sheet is missing: add it and upload again.',
  });
  const ticket = await call<{ data: { ticket: { id: string } } }>(staffPage.context().request, 'POST', '/ticket', {
    title: 'The weekly upload for a long client name wraps oddly',
    description: 'On my phone the client name runs into the buttons.',
  });
  await Promise.all([operator, adminPage, staffPage].map((page) => page.context().close()));
  return { admin, staff, companyId, clients, ticketId: ticket.data.ticket.id };
}
