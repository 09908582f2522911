import { screen, waitFor, within } from '@testing-library/react';
import { update } from '../../realtime/fakeSocket';
import { answerList, answerSummaries, fromServer, openWeeklyUploads, row, uploadId, weeklyUpload } from './weeklyScreens';

/** The Actions cell of the first row, where the processing badge and the dots are. */
function firstRow() {
  return within(screen.getAllByRole('row')[1]);
}

beforeEach(() => {
  answerSummaries();
});

describe('a weekly row whose upload resumes after an interruption', () => {
  test('says "Resuming after an interruption" in place of the queued badge, and leaves it once the run reports its stage', async () => {
    answerList([row(1, weeklyUpload(1, { status: 'QUEUED', versions: ['raw'], resuming: true })), row(2, weeklyUpload(2, { status: 'QUEUED', versions: ['raw'] }))]);
    const { sockets } = openWeeklyUploads();
    await screen.findByText('Client 1');
    expect(firstRow().getByText('Resuming after an interruption')).toBeInTheDocument();
    expect(firstRow().queryByText('Queued for processing')).not.toBeInTheDocument();
    // an upload never interrupted is queued, as before
    expect(within(screen.getAllByRole('row')[2]).getByText('Queued for processing')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[2]).queryByText('Resuming after an interruption')).not.toBeInTheDocument();

    fromServer(() => sockets.latest.acceptConnection());
    await waitFor(() => expect(sockets.latest.joins()).toEqual(expect.arrayContaining([uploadId(1)])));
    // the new stage refetches the list, which still says the upload is resuming: the socket's words win
    const refetched = answerList([row(1, weeklyUpload(1, { status: 'CONSOLIDATING', versions: ['raw'], resuming: true })), row(2, weeklyUpload(2, { status: 'QUEUED', versions: ['raw'] }))]);
    fromServer(() => sockets.latest.push(update(uploadId(1), 'CONSOLIDATING', { message: 'Consolidating: sheet 1 of 2, 4,000 rows', seq: 1 })));
    await waitFor(() => expect(refetched.isDone()).toBe(true));
    expect(await firstRow().findByText('Consolidating: sheet 1 of 2, 4,000 rows')).toBeInTheDocument();
    expect(firstRow().getByText('Consolidating file...')).toBeInTheDocument();
    expect(firstRow().queryByText('Resuming after an interruption')).not.toBeInTheDocument();
  });

  test('a row whose run has taken it up again says so under the dots until the socket has newer words', async () => {
    answerList([row(1, weeklyUpload(1, { status: 'CONSOLIDATING', versions: ['raw'], resuming: true }))]);
    openWeeklyUploads();
    await screen.findByText('Client 1');
    expect(firstRow().getByText('Consolidating file...')).toBeInTheDocument();
    expect(firstRow().getByLabelText('Consolidate: in progress')).toBeInTheDocument();
    expect(firstRow().getByText('Resuming after an interruption')).toBeInTheDocument();
  });
});
