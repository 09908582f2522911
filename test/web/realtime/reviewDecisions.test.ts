import { waitFor } from '@testing-library/react';
import nock from 'nock';
import { api } from '@/web/api/endpoints';
import { setupStore } from '@/web/app/store';
import type { UploadReviewed } from '@/web/realtime/realtimeEvents';
import { connectionWanted } from '@/web/realtime/realtimeSlice';
import { API_ORIGIN, users } from '../../helpers/renderWithProviders';
import { fakeSockets } from './fakeSocket';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const WEEK = { weekStart: '2026-03-02', weekEnd: '2026-03-08' };
const EMPTY_PAGE = { currentPage: 1, totalPages: 0, totalCount: 0, hasPreviousPage: false, hasNextPage: false };

function decision(uploadId: string, fields: Partial<UploadReviewed> = {}): UploadReviewed {
  return { uploadId, clientId: 'c1', clientName: 'Bakery', weekStart: WEEK.weekStart, decision: 'APPROVED', overridden: false, reason: null, ...fields };
}

function liveStore(role: 'STAFF' | 'ADMIN') {
  const sockets = fakeSockets();
  const store = setupStore({ auth: { user: users[role] } }, { openSocket: sockets.open });
  store.dispatch(connectionWanted());
  sockets.latest.acceptConnection();
  return { store, sockets };
}

const noticeTexts = (store: ReturnType<typeof setupStore>) => store.getState().realtime.notices.map(({ kind, text }) => `${kind}: ${text}`);

afterEach(() => nock.cleanAll());

describe("the socket middleware and an admin's decisions", () => {
  test('a decision refetches the weekly rows, the counts, the file uploads and the review details of that upload', async () => {
    const { store, sockets } = liveStore('STAFF');
    const answered = { rows: 0, summary: 0, stats: 0, files: 0, review: 0, otherReview: 0 };
    const server = nock(API_ORIGIN).persist();
    const count = (key: keyof typeof answered, body: unknown) => () => {
      answered[key] += 1;
      return [200, { success: true, data: body }] as [number, unknown];
    };
    server.get('/api/staff/weekly-documents').query(true).reply(count('rows', { documents: [], pagination: EMPTY_PAGE }));
    server.get('/api/staff/weekly-documents-summary').query(true).reply(count('summary', { summary: { total: 0, uploaded: 0, pending: 0, approved: 0, rejected: 0, failed: 0, processing: 0, remaining: 0 } }));
    server.get('/api/staff/weekly-stats').query(true).reply(count('stats', { stats: {} }));
    server.get('/api/staff/uploads').query(true).reply(count('files', { uploads: [], pagination: EMPTY_PAGE }));
    server.get(`/api/staff/uploads/${P1}/review`).reply(count('review', { review: {} }));
    server.get(`/api/staff/uploads/${P2}/review`).reply(count('otherReview', { review: {} }));
    const reads = [
      store.dispatch(api.endpoints.listStaffWeeklyDocuments.initiate({ ...WEEK, page: 1, limit: 10 })),
      store.dispatch(api.endpoints.getStaffWeeklyDocumentsSummary.initiate(WEEK)),
      store.dispatch(api.endpoints.getStaffWeeklyStats.initiate(WEEK)),
      store.dispatch(api.endpoints.listStaffUploads.initiate({ page: 1, limit: 10 })),
      store.dispatch(api.endpoints.getStaffUploadReview.initiate({ id: P1 })),
      store.dispatch(api.endpoints.getStaffUploadReview.initiate({ id: P2 })),
    ];
    await waitFor(() => expect(answered).toEqual({ rows: 1, summary: 1, stats: 1, files: 1, review: 1, otherReview: 1 }));

    sockets.latest.review(decision(P1, { decision: 'REJECTED', reason: 'Week ending date missing' }));
    await waitFor(() => expect(answered).toEqual({ rows: 2, summary: 2, stats: 2, files: 2, review: 2, otherReview: 1 }));
    for (const read of reads) read.unsubscribe();
  });

  test('toasts name the client and the decision, with the reason a rejection or an override gave', () => {
    const { store, sockets } = liveStore('STAFF');
    sockets.latest.review(decision(P1, { decision: 'REJECTED', reason: 'Week ending date missing' }));
    sockets.latest.review(decision(P2, { clientName: 'Corner Deli' }));
    sockets.latest.review(decision(P1, { clientName: 'Maple Dental', decision: 'REJECTED' }));
    sockets.latest.review(decision(P2, { clientName: 'Harbor Cafe', overridden: true, reason: 'Store 4 closed this week' }));
    expect(noticeTexts(store)).toEqual([
      "error: Bakery's week was rejected: Week ending date missing",
      "success: Corner Deli's week was approved",
      "error: Maple Dental's week was rejected",
      "success: Harbor Cafe's week was approved despite errors: Store 4 closed this week",
    ]);
  });

  test('the tab that made the decision is not told of it again; its other decisions, and refused ones, are', async () => {
    const { store, sockets } = liveStore('ADMIN');
    const server = nock(API_ORIGIN);
    server.post(`/api/company/weekly-documents/${P1}/review`).reply(200, { success: true, message: 'Document rejected successfully' });
    server.post(`/api/company/weekly-documents/${P2}/review`).reply(409, { success: false, message: 'This upload has already been approved.', error: 'CONFLICT' });

    await store.dispatch(api.endpoints.reviewWeeklyDocument.initiate({ fileProcessingId: P1, reviewInput: { approval_status: 'REJECTED', raw_notes: 'Week ending date missing' } }));
    await store.dispatch(api.endpoints.reviewWeeklyDocument.initiate({ fileProcessingId: P2, reviewInput: { approval_status: 'REJECTED' } }));
    sockets.latest.review(decision(P1, { decision: 'REJECTED', reason: 'Week ending date missing' }));
    // Another admin approved P2 meanwhile (this tab's rejection was refused): that is news here.
    sockets.latest.review(decision(P2, { clientName: 'Corner Deli' }));
    // And a later decision on P1 made elsewhere is news too.
    sockets.latest.review(decision(P1, { clientName: 'Bakery' }));
    expect(noticeTexts(store)).toEqual(["success: Corner Deli's week was approved", "success: Bakery's week was approved"]);
  });
});
