/** Answers of the weekly-uploads API, shaped as the contract says, and the screen opened on a fake socket. */
import { act } from '@testing-library/react';
import nock from 'nock';
import { setupStore } from '@/web/app/store';
import { API_ORIGIN, expectSessionCheck, renderApp, users } from '../../../helpers/renderWithProviders';
import { fakeSockets } from '../../realtime/fakeSocket';
import { clientId, staffPagination, upload } from '../staffScreens';

export { clientId, setupUser, UNREADABLE_BODY } from '../staffScreens';

type Answer = Record<string, unknown>;

/** A past week every test can name: Monday 2 to Sunday 8 March 2026. */
export const WEEK = { weekStart: '2026-03-02', weekEnd: '2026-03-08' } as const;
export const WEEK_PATH = `/staff/weekly-uploads?weekStart=${WEEK.weekStart}&weekEnd=${WEEK.weekEnd}`;

export const api = () => nock(API_ORIGIN);

export function uploadId(index: number): string {
  return `a1b2c3d4-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

/**
 * The newest upload of a row as the row carries it (contract WeeklyUpload): processed and awaiting
 * review unless told, raw and consolidated versions stored, no reviewer's note.
 */
export function weeklyUpload(index: number, extra: Answer = {}): Answer {
  const { file_versions: _files, ...summary } = upload(index);
  return { ...summary, versions: ['raw', 'consolidated'], first_note: null, ...extra };
}

/** One row of the week: a client, its required document, and its newest upload (or none). */
export function row(index: number, newest: Answer | null = null): Answer {
  return {
    client: { id: clientId(index), name: `Client ${index}` },
    document: { id: `d0c00000-0000-4000-8000-${String(index).padStart(12, '0')}`, title: `Client ${index} Payroll`, created_at: '2026-01-15T12:00:00.000Z' },
    weekStatus: newest ? 'PENDING' : 'NO_UPLOAD',
    upload: newest,
  };
}

export function rows(from: number, count: number): Answer[] {
  return Array.from({ length: count }, (_, index) => row(from + index));
}

export function listAnswer(items: Answer[], { page = 1, total = items.length } = {}) {
  return { success: true, data: { documents: items, pagination: staffPagination({ page, total }) } };
}

/** GET /staff/weekly-documents for the week, page and filter given. */
export function answerList(items: Answer[], { page = 1, total = items.length, week = WEEK, filter }: { page?: number; total?: number; week?: { weekStart: string; weekEnd: string }; filter?: string } = {}) {
  return api()
    .get('/api/staff/weekly-documents')
    .query({ ...week, page, limit: 10, ...(filter ? { filter } : {}) })
    .reply(200, listAnswer(items, { page, total }));
}

/** The week's counts, for whatever week is asked; answered as often as the screen asks. */
export function answerSummaries(summary: Answer = { total: 3, uploaded: 2, pending: 1, approved: 0, rejected: 1, remaining: 1 }) {
  return api().persist().get('/api/staff/weekly-documents-summary').query(true).reply(200, { success: true, data: { summary } });
}

/** Opens the screen as Steve Staff, with a fake socket the test plays the server's side of. */
export function openWeeklyUploads(path: string = WEEK_PATH) {
  const sockets = fakeSockets();
  expectSessionCheck(users.STAFF);
  const store = setupStore({ auth: { user: users.STAFF } }, { openSocket: sockets.open });
  return { ...renderApp(path, { store }), sockets };
}

/** Plays a server event inside act(), as the browser would deliver it between renders. */
export function fromServer(event: () => void) {
  act(event);
}

/** A file as the picker hands it over, of any size without allocating it. */
export function fileOf(name: string, type: string, size = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MB = 1024 * 1024;
