/** Answers of the staff API, shaped as the contract says, and helpers the staff screen suites share. */
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import nock from 'nock';
import type { CurrentUser } from '@/web/api/generated';
import { setupStore } from '@/web/app/store';
import { API_ORIGIN, expectSessionCheck, renderApp, users } from '../../helpers/renderWithProviders';
import { fakeSockets } from '../realtime/fakeSocket';

export const api = () => nock(API_ORIGIN);

/** A user who types and clicks without pausing. */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/**
 * Opens a screen of the staff area as a signed-in staff member (Steve Staff of Acme unless told).
 * A screen that wants live updates gets a socket that never connects: these suites play no server.
 */
export function openStaffScreen(path: string, user: CurrentUser = users.STAFF) {
  expectSessionCheck(user);
  return renderApp(path, { store: setupStore({ auth: { user } }, { openSocket: fakeSockets().open }) });
}

/** A client id as the server makes them (a uuid), distinct per index. */
export function clientId(index: number): string {
  return `0b5c1a1e-4c2d-4f6a-9e3b-${String(index).padStart(12, '0')}`;
}

export function client(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: clientId(index),
    name: `Client ${index}`,
    status: 'ACTIVE',
    assigned_staff_id: 'u-staff',
    assigned_staff_name: 'Steve Staff',
    organization_name: 'Acme',
    created_at: '2026-01-15T12:00:00.000Z',
    ...extra,
  };
}

export function clients(from: number, count: number, extra: Record<string, unknown> = {}) {
  return Array.from({ length: count }, (_, index) => client(from + index, extra));
}

/** A page in the staff pagination shape: currentPage, totalPages, totalCount, hasPreviousPage, hasNextPage. */
export function staffPagination({ page = 1, limit = 10, total }: { page?: number; limit?: number; total: number }) {
  const totalPages = Math.ceil(total / limit);
  return { currentPage: page, totalPages, totalCount: total, hasPreviousPage: page > 1, hasNextPage: page < totalPages };
}

export function clientsAnswer(items: unknown[], { page = 1, limit = 10, total = items.length } = {}) {
  return { success: true, data: { clients: items, pagination: staffPagination({ page, limit, total }) } };
}

/** GET /staff/clients/{id}: the client with its one required document. */
export function clientDetailAnswer(index: number, extra: Record<string, unknown> = {}) {
  const document = { id: `d0c00000-0000-4000-8000-${String(index).padStart(12, '0')}`, title: `Client ${index} Weekly Document`, created_at: '2026-01-15T12:00:00.000Z' };
  return { success: true, data: { client: { ...client(index), required_documents: [document], ...extra } } };
}

/**
 * A body that is not JSON (a captive portal's page). It carries no message of its own, so the
 * screen falls back to its own text; as a 200 it is not retried, so the test need not wait.
 */
export const UNREADABLE_BODY = '<html>Sign in to the network</html>';

type Answer = Record<string, unknown>;

/** An upload as the contract's Upload schema has it: processed, awaiting review, raw and consolidated versions. */
export function upload(index: number, extra: Answer = {}): Answer {
  return {
    upload_id: `a1b2c3d4-0000-4000-8000-${String(index).padStart(12, '0')}`,
    status: 'SCRUBBED',
    approval_status: 'PENDING',
    upload_date: '2026-03-03T12:00:00.000Z',
    error_message: null,
    uploaded_by: { name: 'Steve Staff' },
    reviewed_by: null,
    override_reason: null,
    week_over_week_warnings: null,
    scrub_issues: null,
    file_versions: {
      raw: { filename: 'payroll.xlsx', file_size_mb: 1.5, notes: null },
      consolidated: { filename: 'payroll-consolidated.xlsx', file_size_mb: 0.5, notes: null },
    },
    ...extra,
  };
}

/** One week of the client's document (ClientWeek). */
export function clientWeek(weekStart: string, weekEnd: string, weekStatus: string, newest: Answer | null, earlierVersions: Answer[] = []) {
  return { weekStart, weekEnd, weekStatus, upload: newest, earlierVersions };
}

/** GET /staff/clients/{id}/uploads: the document, this week, and a page of weeks with uploads. */
export function uploadsAnswer({
  index = 1,
  currentWeek = clientWeek('2026-03-02', '2026-03-08', 'NO_UPLOAD', null),
  weeks = [],
  page = 1,
  total = weeks.length,
}: { index?: number; currentWeek?: Answer; weeks?: Answer[]; page?: number; total?: number } = {}) {
  const { required_documents } = clientDetailAnswer(index).data.client;
  return { success: true, data: { document: required_documents[0], currentWeek, weeks, pagination: staffPagination({ page, total }) } };
}
