import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { setupStore } from '@/web/app/store';
import { contentDispositionFileName } from '@/web/lib/download';
import { useDownloadGuard } from '@/web/lib/downloadGuard';
import { downloadableVersions } from '@/web/components/uploads/uploadStages';
import { answerList, answerSummaries, api, openWeeklyUploads, row, setupUser, uploadId, weeklyUpload } from './weeklyScreens';

const ID = uploadId(1);
const XLSX_BYTES = Buffer.from('PK fake workbook');

describe('the file name of a download', () => {
  test.each([
    ["attachment; filename=\"Client 1 2026-03-02 scrubbed.xlsx\"; filename*=UTF-8''Acme%20%E2%80%93%20week%2010.xlsx", 'Acme – week 10.xlsx'],
    ['attachment; filename="Client 1 2026-03-02 raw.xls"', 'Client 1 2026-03-02 raw.xls'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment; filename="say \\"hi\\".xlsx"', 'say "hi".xlsx'],
    ["attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", 'passwd'],
    ["attachment; filename*=UTF-8''%E0%A4%A; filename=\"fallback.xlsx\"", 'fallback.xlsx'],
  ])('%s is saved as %s', (header, name) => {
    expect(contentDispositionFileName(header)).toBe(name);
  });

  test.each([null, '', 'attachment', 'inline; filename=""'])('%p names no file', (header) => {
    expect(contentDispositionFileName(header)).toBeNull();
  });
});

describe('the versions a row offers (spec section 4)', () => {
  test.each([
    ['QUEUED', undefined, []],
    ['QUEUED', 'QUEUED', ['raw']],
    ['QUEUED', 'UPLOADING', []],
    ['CONSOLIDATING', undefined, ['raw']],
    ['QUEUED', 'CONSOLIDATED', ['raw', 'consolidated']],
    ['SCRUBBING', undefined, ['raw', 'consolidated']],
    ['SCRUBBING', 'SCRUBBED', ['raw', 'consolidated', 'scrubbed']],
    ['FAILED', undefined, ['raw']],
  ] as const)('stored %s, live %s: %p', (stored, live, versions) => {
    expect(downloadableVersions(stored, live)).toEqual(versions);
  });
});

test('a second download of the same upload and type is refused while the first runs; another type is not', async () => {
  const store = setupStore();
  const { result } = renderHook(() => useDownloadGuard(), { wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider> });
  let finish = () => undefined as void;
  const first = new Promise<void>((resolve) => (finish = resolve));
  let started: Promise<boolean> = Promise.resolve(false);
  act(() => {
    started = result.current.run('u1:raw', () => first);
  });
  expect(result.current.isRunning('u1:raw')).toBe(true);
  await act(async () => {
    await expect(result.current.run('u1:raw', async () => undefined)).resolves.toBe(false);
    await expect(result.current.run('u1:scrubbed', async () => undefined)).resolves.toBe(true);
  });
  await act(async () => {
    finish();
    await started;
  });
  expect(result.current.isRunning('u1:raw')).toBe(false);
});

describe('downloading from Weekly Uploads', () => {
  let saved: string[];

  beforeEach(() => {
    answerSummaries();
    saved = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  async function chooseVersion(user: ReturnType<typeof setupUser>, label: string) {
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: label }));
  }

  test('saves under the name the server gives and toasts it; the same version cannot be downloaded twice at once', async () => {
    answerList([row(1, weeklyUpload(1, { status: 'SCRUBBED' }))]);
    // The file arrives only when the test lets it, so the second attempt surely falls while the first runs.
    let deliver = () => undefined as void;
    const held = new Promise<void>((resolve) => (deliver = resolve));
    const disposition = "attachment; filename=\"Client 1 2026-03-02 scrubbed.xlsx\"; filename*=UTF-8''Client%201%202026-03-02%20scrubbed.xlsx";
    const file = api()
      .get(`/api/staff/download/${ID}`)
      .query({ type: 'scrubbed' })
      .reply((_uri, _body, respond) => {
        void held.then(() => respond(null, [200, XLSX_BYTES, { 'Content-Disposition': disposition }]));
      });
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');

    await chooseVersion(user, 'Scrubbed file');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const busy = within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Scrubbed file/ });
    expect(busy).toHaveTextContent('Scrubbed file (downloading...)');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    deliver();

    expect(await screen.findByText('Client 1 Payroll (scrubbed) downloaded successfully')).toBeInTheDocument();
    expect(file.isDone()).toBe(true);
    expect(saved).toEqual(['Client 1 2026-03-02 scrubbed.xlsx']);
  });

  test("falls back to document_{type}.xlsx without a name, and renews an expired session once", async () => {
    answerList([row(1, weeklyUpload(1, { status: 'CONSOLIDATING' }))]);
    api().get(`/api/staff/download/${ID}`).query({ type: 'raw' }).reply(401, { success: false, message: 'Your session has expired.', error: 'TOKEN_EXPIRED' });
    const refresh = api().post('/api/auth/refresh').reply(200, { success: true, message: 'Session renewed' });
    api().get(`/api/staff/download/${ID}`).query({ type: 'raw' }).reply(200, XLSX_BYTES);
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');

    await chooseVersion(user, 'Raw file');
    expect(await screen.findByText('Client 1 Payroll (raw) downloaded successfully')).toBeInTheDocument();
    expect(refresh.isDone()).toBe(true);
    expect(saved).toEqual(['document_raw.xlsx']);
  });

  test("a failed download toasts the server's message, else 'Failed to download file', else the retry text", async () => {
    answerList([row(1, weeklyUpload(1, { status: 'SCRUBBED' }))]);
    const ask = (type: string) => api().get(`/api/staff/download/${ID}`).query({ type });
    ask('scrubbed').reply(409, { success: false, message: 'The scrubbed version is not ready yet', error: 'CONFLICT' });
    ask('consolidated').reply(500, { success: false });
    ask('raw').replyWithError('socket hang up');
    const user = setupUser();
    openWeeklyUploads();
    await screen.findByText('Client 1');

    await chooseVersion(user, 'Scrubbed file');
    expect(await screen.findByText('The scrubbed version is not ready yet')).toBeInTheDocument();
    await chooseVersion(user, 'Consolidated file');
    expect(await screen.findByText('Failed to download file')).toBeInTheDocument();
    await chooseVersion(user, 'Raw file');
    expect(await screen.findByText('Failed to download file. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([]));
  });
});
