import { waitFor } from '@testing-library/react';
import nock from 'nock';
import { api } from '@/web/api/endpoints';
import { setupStore } from '@/web/app/store';
import { trackRequested } from '@/web/realtime/processingSlice';
import { connectionWanted } from '@/web/realtime/realtimeSlice';
import { API_ORIGIN, users } from '../../helpers/renderWithProviders';
import { listAnswer, row, uploadId, weeklyUpload, WEEK } from '../staff/weekly-uploads/weeklyScreens';
import { fakeSockets, update } from './fakeSocket';

const P1 = uploadId(1);

function liveStore() {
  const sockets = fakeSockets();
  const store = setupStore({ auth: { user: users.STAFF } }, { openSocket: sockets.open });
  store.dispatch(connectionWanted());
  sockets.latest.acceptConnection();
  return { store, sockets };
}

const followed = (store: ReturnType<typeof setupStore>) => store.getState().processing.tracked[P1];
const notices = (store: ReturnType<typeof setupStore>) => store.getState().realtime.notices.map(({ kind, text, description }) => ({ kind, text, description }));

/** The staff member's list of the week, with the row of client 1 and its upload as given. */
async function listArrives(store: ReturnType<typeof setupStore>, status: string) {
  nock(API_ORIGIN)
    .get('/api/staff/weekly-documents')
    .query(true)
    .reply(200, listAnswer([row(1, weeklyUpload(1, { status }))]));
  const read = store.dispatch(api.endpoints.listStaffWeeklyDocuments.initiate({ ...WEEK, page: 1, limit: 10 }));
  await read;
  read.unsubscribe();
}

describe('live progress in the order the job made it', () => {
  test('an update older than the last one applied is ignored, even within the same stage', () => {
    const { store, sockets } = liveStore();
    store.dispatch(trackRequested({ processingId: P1, source: 'upload' }));
    sockets.latest.push(update(P1, 'CONSOLIDATING', { message: 'Consolidating: sheet 2 of 5', seq: 20 }));
    sockets.latest.push(update(P1, 'CONSOLIDATING', { message: 'Consolidating: sheet 1 of 5', seq: 10 }));
    expect(followed(store)).toMatchObject({ status: 'CONSOLIDATING', message: 'Consolidating: sheet 2 of 5', seq: 20 });
    sockets.latest.push(update(P1, 'CONSOLIDATING', { message: 'Consolidating: sheet 3 of 5', seq: 30 }));
    expect(followed(store).message).toBe('Consolidating: sheet 3 of 5');
  });

  test('a late end from an earlier run neither ends the following nor raises a toast', () => {
    const { store, sockets } = liveStore();
    store.dispatch(trackRequested({ processingId: P1, source: 'upload' }));
    sockets.latest.push(update(P1, 'SCRUBBING', { seq: 50 }));
    sockets.latest.push(update(P1, 'FAILED', { error: 'The worker stopped', seq: 40 }));
    expect(followed(store)).toMatchObject({ status: 'SCRUBBING', seq: 50 });
    expect(notices(store)).toEqual([]);
    expect(sockets.latest.leaves()).toEqual([]);
  });

  test("an update without a seq (a join's answer) is ordered by its stage and keeps the last seq", () => {
    const { store, sockets } = liveStore();
    store.dispatch(trackRequested({ processingId: P1, source: 'upload' }));
    sockets.latest.push(update(P1, 'CONSOLIDATING', { message: 'Consolidating: sheet 4 of 5', seq: 40 }));
    sockets.latest.push(update(P1, 'CONSOLIDATED', { message: 'Consolidation complete' }));
    expect(followed(store)).toMatchObject({ status: 'CONSOLIDATED', seq: 40 });
    sockets.latest.push(update(P1, 'CONSOLIDATED', { message: 'late', seq: 35 }));
    expect(followed(store).message).toBe('Consolidation complete');
  });
});

describe('the toast at the end of processing names the client', () => {
  afterEach(() => nock.cleanAll());

  test('an upload the list resumed: the spec text, with the client under it', async () => {
    const { store, sockets } = liveStore();
    await listArrives(store, 'SCRUBBING');
    await waitFor(() => expect(followed(store)).toMatchObject({ clientName: 'Client 1' }));
    sockets.latest.push(update(P1, 'SCRUBBED', { message: '', seq: 9 }));
    expect(notices(store)).toEqual([{ kind: 'success', text: 'File processing completed successfully', description: 'Client: Client 1' }]);
  });

  test('an upload this tab queued is named once its list has it, and a failure names the client too', async () => {
    const { store, sockets } = liveStore();
    store.dispatch(trackRequested({ processingId: P1, source: 'upload' }));
    expect(followed(store).clientName).toBeNull();
    await listArrives(store, 'QUEUED');
    await waitFor(() => expect(followed(store).clientName).toBe('Client 1'));
    sockets.latest.push(update(P1, 'FAILED', { error: 'The file has no payroll sheet.', seq: 3 }));
    expect(notices(store)).toEqual([{ kind: 'error', text: 'The file has no payroll sheet.', description: 'Client: Client 1' }]);
  });
});
