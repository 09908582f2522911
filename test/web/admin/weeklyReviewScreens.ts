/** Answers of the company's weekly uploads API, shaped as the contract says, and the review screen opened on a fake socket. */
import { act } from '@testing-library/react';
import nock from 'nock';
import { setupStore } from '@/web/app/store';
import { API_ORIGIN, expectSessionCheck, renderApp, users } from '../../helpers/renderWithProviders';
import { fakeSockets } from '../realtime/fakeSocket';
import { clientId } from './adminScreens';

export { setupUser } from './adminScreens';

type Answer = Record<string, unknown>;

/** A past week every test can name: Monday 2 to Sunday 8 March 2026. */
export const WEEK = { weekStart: '2026-03-02', weekEnd: '2026-03-08' } as const;
export const REVIEW_PATH = `/admin/weekly-uploads?weekStart=${WEEK.weekStart}&weekEnd=${WEEK.weekEnd}`;
export const LIST = '/api/company/weekly-documents';

export const api = () => nock(API_ORIGIN);

export function uploadId(index: number): string {
  return `a1b2c3d4-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/** An upload as a weekly row carries it (the contract's WeeklyUpload): processed, awaiting review, all three versions stored. */
export function upload(index: number, extra: Answer = {}): Answer {
  return {
    upload_id: uploadId(index),
    status: 'SCRUBBED',
    approval_status: 'PENDING',
    upload_date: '2026-03-03T12:00:00.000Z',
    error_message: null,
    uploaded_by: { name: 'Steve Staff' },
    reviewed_by: null,
    override_reason: null,
    week_over_week_warnings: null,
    scrub_issues: null,
    versions: ['raw', 'consolidated', 'scrubbed'],
    first_note: null,
    ...extra,
  };
}

/** The same upload opened (the contract's Upload, `GET /company/uploads/{uploadId}`): each version's file, size and notes. */
export function openedUpload(index: number, extra: Answer = {}): Answer {
  const { versions: _versions, first_note: _firstNote, ...summary } = upload(index);
  return {
    ...summary,
    file_versions: {
      raw: { filename: 'payroll.xlsx', file_size_mb: 1.5, notes: null },
      consolidated: { filename: 'payroll-consolidated.xlsx', file_size_mb: 0.5, notes: null },
      scrubbed: { filename: 'payroll-scrubbed.xlsx', file_size_mb: 0.25, notes: null },
    },
    ...extra,
  };
}

/** GET /company/uploads/{uploadId}: what the review dialog reads of the upload when a row is opened, as often as it asks. */
export function answerOpenedUpload(index: number, extra: Answer = {}) {
  return api()
    .persist()
    .get(`/api/company/uploads/${uploadId(index)}`)
    .reply(200, { success: true, data: { upload: openedUpload(index, extra) } });
}

/** One row of the week: a client, its required document, where it stands, and its newest upload (or none). */
export function row(index: number, newest: Answer | null = null, weekStatus?: string): Answer {
  return {
    client: { id: clientId(index), name: `Client ${index}` },
    document: { id: `d0c00000-0000-4000-8000-${String(index).padStart(12, '0')}`, title: `Client ${index} Payroll`, created_at: '2026-01-15T12:00:00.000Z' },
    weekStatus: weekStatus ?? (newest ? 'PENDING' : 'NO_UPLOAD'),
    upload: newest,
  };
}

export function rows(from: number, count: number): Answer[] {
  return Array.from({ length: count }, (_, index) => row(from + index));
}

/** The admin weekly pagination: page, limit, totalCount, totalPages, hasPrev, hasNext. */
export function listAnswer(items: Answer[], { page = 1, limit = 20, total = items.length }: { page?: number; limit?: number; total?: number } = {}) {
  const totalPages = Math.ceil(total / limit);
  return { success: true, data: { documents: items, pagination: { page, limit, totalCount: total, totalPages, hasPrev: page > 1, hasNext: page < totalPages } } };
}

interface ListQuery {
  page?: number;
  total?: number;
  week?: { weekStart: string; weekEnd: string };
  filter?: string;
  clientId?: string;
  sort?: string;
}

/** GET /company/weekly-documents for the week, page, filter, client and order given, 20 a page. */
export function answerList(items: Answer[], { page = 1, total = items.length, week = WEEK, filter, clientId: client, sort }: ListQuery = {}) {
  return api()
    .get(LIST)
    .query({ ...week, page, limit: 20, ...(filter ? { filter } : {}), ...(client ? { clientId: client } : {}), ...(sort ? { sort } : {}) })
    .reply(200, listAnswer(items, { page, total }));
}

/** Opens the screen as Alice Admin, with a fake socket the test plays the server's side of. */
export function openReviewScreen(path: string = REVIEW_PATH) {
  const sockets = fakeSockets();
  expectSessionCheck(users.ADMIN);
  const store = setupStore({ auth: { user: users.ADMIN } }, { openSocket: sockets.open });
  return { ...renderApp(path, { store }), sockets };
}

/** Plays a server event inside act(), as the browser would deliver it between renders. */
export function fromServer(event: () => void) {
  act(event);
}

export function search(router: { state: { location: { search: string } } }) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}
