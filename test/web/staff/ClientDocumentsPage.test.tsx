import { screen, within } from '@testing-library/react';
import { api, clientDetailAnswer, clientId, clientWeek, openStaffScreen, setupUser, upload, uploadsAnswer } from './staffScreens';

const documentsPath = `/staff/clients/${clientId(1)}/documents`;

/** Answers the client and its history; returns the history interceptor to check what was asked. */
function answerDocuments(history: ReturnType<typeof uploadsAnswer>, { page = 1 } = {}) {
  api().get(`/api/staff/clients/${clientId(1)}`).reply(200, clientDetailAnswer(1));
  return api().get(`/api/staff/clients/${clientId(1)}/uploads`).query({ page, limit: 10 }).reply(200, history);
}

/** The weeks of the history, newest first, as their section names read. */
function historyWeeks() {
  return within(screen.getByRole('region', { name: 'Upload history' }))
    .getAllByRole('region', { name: /^Week of / })
    .map((week) => week.getAttribute('aria-label'));
}

describe('Client documents screen', () => {
  test("shows the required document with this week's upload: who sent it, when, and each file version with its size", async () => {
    const thisWeek = clientWeek('2026-03-02', '2026-03-08', 'PENDING', upload(1));
    answerDocuments(uploadsAnswer({ currentWeek: thisWeek, weeks: [thisWeek] }));
    openStaffScreen(documentsPath);

    expect(await screen.findByRole('heading', { level: 1, name: 'Client 1 Documents' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Client' })).toHaveAttribute('href', `/staff/clients/${clientId(1)}`);
    const card = await screen.findByRole('region', { name: 'Required document' });
    expect(within(card).getByRole('heading', { name: 'Client 1 Weekly Document' })).toBeInTheDocument();
    expect(card).toHaveTextContent('This week: Mar 2 – Mar 8, 2026');
    expect(within(card).getByText('Pending review')).toBeInTheDocument();
    expect(card).toHaveTextContent('Uploaded bySteve Staff');
    expect(card).toHaveTextContent(/Uploaded onMar 3, 2026, \d{1,2}:\d{2} (AM|PM)/);
    expect(card).toHaveTextContent('Raw: payroll.xlsx (1.5 MB)No Notes');
    expect(card).toHaveTextContent('Consolidated: payroll-consolidated.xlsx (512 KB)No Notes');
    expect(card).not.toHaveTextContent('Scrubbed');
    expect(card).not.toHaveTextContent('Reviewed by');
    expect(within(card).getByRole('link', { name: 'Go to Weekly Uploads' })).toHaveAttribute('href', '/staff/weekly-uploads');
    expect(historyWeeks()).toEqual(['Week of Mar 2 – Mar 8, 2026']);
  });

  test('a failed upload this week says why; one still processing says how far it got', async () => {
    const failed = upload(1, { status: 'FAILED', error_message: 'The workbook has no payroll sheet', file_versions: {} });
    const processing = upload(2, { status: 'CONSOLIDATING', upload_date: '2026-02-24T12:00:00.000Z', file_versions: {} });
    answerDocuments(
      uploadsAnswer({
        currentWeek: clientWeek('2026-03-02', '2026-03-08', 'FAILED', failed),
        weeks: [clientWeek('2026-03-02', '2026-03-08', 'FAILED', failed), clientWeek('2026-02-23', '2026-03-01', 'PROCESSING', processing)],
      }),
    );
    openStaffScreen(documentsPath);

    const card = await screen.findByRole('region', { name: 'Required document' });
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent('Processing failedThe workbook has no payroll sheet');
    expect(card).toHaveTextContent('FilesNo files yet');
    expect(within(card).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    const earlierWeek = screen.getByRole('region', { name: 'Week of Feb 23 – Mar 1, 2026' });
    expect(within(earlierWeek).getByText('Processing')).toBeInTheDocument();
    expect(earlierWeek).toHaveTextContent('StageConsolidating file...');
    // The next step of the failed week: upload it again, on Weekly Uploads for that week and client.
    const again = `/staff/weekly-uploads?weekStart=2026-03-02&weekEnd=2026-03-08&clientId=${clientId(1)}`;
    expect(within(card).getByRole('link', { name: 'Upload again on Weekly Uploads' })).toHaveAttribute('href', again);
    expect(within(earlierWeek).queryByRole('link', { name: /on Weekly Uploads/ })).not.toBeInTheDocument();
  });

  test('a rejected week offers the reupload, and every processed upload shows what its checks found', async () => {
    const rejected = upload(1, { approval_status: 'REJECTED', scrub_issues: { errors: 1, warnings: 2 }, week_over_week_warnings: 0 });
    const approved = upload(2, { approval_status: 'APPROVED', upload_date: '2026-02-24T12:00:00.000Z', scrub_issues: { errors: 0, warnings: 0 }, week_over_week_warnings: 0 });
    answerDocuments(
      uploadsAnswer({
        currentWeek: clientWeek('2026-03-02', '2026-03-08', 'REJECTED', rejected),
        weeks: [clientWeek('2026-03-02', '2026-03-08', 'REJECTED', rejected), clientWeek('2026-02-23', '2026-03-01', 'APPROVED', approved)],
      }),
    );
    openStaffScreen(documentsPath);

    const card = await screen.findByRole('region', { name: 'Required document' });
    expect(within(card).getByRole('link', { name: 'Reupload on Weekly Uploads' })).toHaveAttribute(
      'href',
      `/staff/weekly-uploads?weekStart=2026-03-02&weekEnd=2026-03-08&clientId=${clientId(1)}`,
    );
    expect(card).toHaveTextContent('Checks1 error2 warnings');
    const approvedWeek = screen.getByRole('region', { name: 'Week of Feb 23 – Mar 1, 2026' });
    expect(approvedWeek).toHaveTextContent('ChecksNo issues');
    expect(within(approvedWeek).queryByRole('link', { name: /on Weekly Uploads/ })).not.toBeInTheDocument();
  });

  test('without uploads it says this week has none and the history is empty', async () => {
    answerDocuments(uploadsAnswer());
    openStaffScreen(documentsPath);

    const card = await screen.findByRole('region', { name: 'Required document' });
    expect(within(card).getByText('No upload yet')).toBeInTheDocument();
    expect(card).toHaveTextContent('Nothing has been uploaded for this week yet.');
    const history = screen.getByRole('region', { name: 'Upload history' });
    expect(within(history).getByText('No uploads yet')).toBeInTheDocument();
    expect(within(history).getByText('Weekly uploads for this client will appear here, newest first.')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing /)).not.toBeInTheDocument();
  });

  test('lists the weeks newest first, with the reviewer and the earlier versions a new upload replaced', async () => {
    const rejected = upload(1, {
      approval_status: 'REJECTED',
      upload_date: '2026-03-02T12:00:00.000Z',
      reviewed_by: { name: 'Alice Admin', reviewed_at: '2026-03-02T15:00:00.000Z' },
      file_versions: { raw: { filename: 'payroll-v1.xlsx', file_size_mb: 2, notes: 'Totals do not match' } },
    });
    const approved = upload(2, {
      approval_status: 'APPROVED',
      reviewed_by: { name: 'Alice Admin', reviewed_at: '2026-03-05T12:00:00.000Z' },
      file_versions: {
        raw: { filename: 'payroll-v2.xlsx', file_size_mb: 2 },
        consolidated: { filename: 'payroll-v2-consolidated.xlsx', file_size_mb: 1 },
        scrubbed: { filename: 'payroll-v2-scrubbed.xlsx', file_size_mb: 0.25 },
      },
    });
    const newYear = upload(3, { approval_status: 'APPROVED', upload_date: '2025-12-30T12:00:00.000Z', reviewed_by: { name: 'Alice Admin', reviewed_at: '2026-01-02T12:00:00.000Z' } });
    const thisWeek = clientWeek('2026-03-02', '2026-03-08', 'APPROVED', approved, [rejected]);
    answerDocuments(uploadsAnswer({ currentWeek: thisWeek, weeks: [thisWeek, clientWeek('2025-12-29', '2026-01-04', 'APPROVED', newYear)] }));
    openStaffScreen(documentsPath);

    await screen.findByRole('region', { name: 'Upload history' });
    expect(historyWeeks()).toEqual(['Week of Mar 2 – Mar 8, 2026', 'Week of Dec 29, 2025 – Jan 4, 2026']);
    const week = screen.getByRole('region', { name: 'Week of Mar 2 – Mar 8, 2026' });
    expect(week).toHaveTextContent('Scrubbed: payroll-v2-scrubbed.xlsx (256 KB)');
    expect(week).toHaveTextContent(/Reviewed byAlice Admin on Mar 5, 2026, \d{1,2}:\d{2} (AM|PM)/);

    const earlier = within(week).getByRole('region', { name: 'Earlier versions' });
    expect(within(earlier).getByRole('heading', { name: 'Earlier versions' })).toBeInTheDocument();
    expect(within(earlier).getByText('Rejected')).toBeInTheDocument();
    expect(earlier).toHaveTextContent('Raw: payroll-v1.xlsx (2 MB)');
    expect(earlier).toHaveTextContent('Raw: payroll-v1.xlsx (2 MB)Notes: Totals do not match');
    expect(earlier).toHaveTextContent(/Reviewed byAlice Admin on Mar 2, 2026/);
    expect(within(screen.getByRole('region', { name: 'Week of Dec 29, 2025 – Jan 4, 2026' })).queryByText('Earlier versions')).not.toBeInTheDocument();
  });

  test("each version shows the reviewer's notes on it, or No Notes, with who reviewed it and when", async () => {
    const reviewed = upload(1, {
      approval_status: 'REJECTED',
      reviewed_by: { name: 'Alice Admin', reviewed_at: '2026-03-04T09:30:00.000Z' },
      file_versions: {
        raw: { filename: 'payroll.xlsx', file_size_mb: 1, notes: 'Two employees are missing' },
        consolidated: { filename: 'payroll-consolidated.xlsx', file_size_mb: 1, notes: '' },
        scrubbed: { filename: 'payroll-scrubbed.xlsx', file_size_mb: 1, notes: 'Bank details left in column F' },
      },
    });
    const thisWeek = clientWeek('2026-03-02', '2026-03-08', 'REJECTED', reviewed);
    answerDocuments(uploadsAnswer({ currentWeek: thisWeek, weeks: [thisWeek] }));
    openStaffScreen(documentsPath);

    const week = await screen.findByRole('region', { name: 'Week of Mar 2 – Mar 8, 2026' });
    const versions = within(week)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(versions).toEqual([
      'Raw: payroll.xlsx (1 MB)Notes: Two employees are missing',
      'Consolidated: payroll-consolidated.xlsx (1 MB)No Notes',
      'Scrubbed: payroll-scrubbed.xlsx (1 MB)Notes: Bank details left in column F',
    ]);
    expect(week).toHaveTextContent(/Reviewed byAlice Admin on Mar 4, 2026, \d{1,2}:30 (AM|PM)/);
  });

  describe('downloads', () => {
    let saved: string[];

    beforeEach(() => {
      saved = [];
      Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    test("each version's Download menu offers only the files it has and saves the one chosen", async () => {
      const rejected = upload(1, { approval_status: 'REJECTED', file_versions: { raw: { filename: 'payroll-v1.xlsx', file_size_mb: 2, notes: null } } });
      const newest = upload(2, {
        file_versions: {
          raw: { filename: 'payroll-v2.xlsx', file_size_mb: 2, notes: null },
          consolidated: { filename: 'payroll-v2-consolidated.xlsx', file_size_mb: 1, notes: null },
          scrubbed: { filename: 'payroll-v2-scrubbed.xlsx', file_size_mb: 1, notes: null },
        },
      });
      const thisWeek = clientWeek('2026-03-02', '2026-03-08', 'PENDING', newest, [rejected]);
      answerDocuments(uploadsAnswer({ currentWeek: thisWeek, weeks: [thisWeek] }));
      const file = api()
        .get(`/api/staff/download/${rejected.upload_id as string}`)
        .query({ type: 'raw' })
        .reply(200, Buffer.from('PK fake workbook'), { 'Content-Disposition': 'attachment; filename="payroll-v1.xlsx"' });
      const user = setupUser();
      openStaffScreen(documentsPath);

      const week = await screen.findByRole('region', { name: 'Week of Mar 2 – Mar 8, 2026' });
      const earlier = within(week).getByRole('region', { name: 'Earlier versions' });
      // The week's newest upload has all three versions.
      const [newestMenu] = within(week).getAllByRole('button', { name: 'Download' });
      await user.click(newestMenu);
      expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Raw file',
        'Consolidated file',
        'Scrubbed file',
      ]);
      await user.keyboard('{Escape}');

      // The version it replaced has only its raw file.
      await user.click(within(earlier).getByRole('button', { name: 'Download' }));
      const rawOnly = await screen.findByRole('menu');
      expect(within(rawOnly).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Raw file']);
      await user.click(within(rawOnly).getByRole('menuitem', { name: 'Raw file' }));

      expect(await screen.findByText('Client 1 Weekly Document (raw) downloaded successfully')).toBeInTheDocument();
      expect(file.isDone()).toBe(true);
      expect(saved).toEqual(['payroll-v1.xlsx']);
    });

    test('a failed download says why', async () => {
      const thisWeek = clientWeek('2026-03-02', '2026-03-08', 'PENDING', upload(1));
      answerDocuments(uploadsAnswer({ currentWeek: thisWeek, weeks: [] }));
      api()
        .get(`/api/staff/download/${upload(1).upload_id as string}`)
        .query({ type: 'consolidated' })
        .reply(404, { success: false, message: 'File not found', error: 'NOT_FOUND' });
      const user = setupUser();
      openStaffScreen(documentsPath);

      const card = await screen.findByRole('region', { name: 'Required document' });
      await user.click(within(card).getByRole('button', { name: 'Download' }));
      await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Consolidated file' }));
      expect(await screen.findByText('File not found')).toBeInTheDocument();
      expect(saved).toEqual([]);
    });
  });

  test('pages the history by 10 weeks, opening on the page the address names and writing the page back', async () => {
    const weeks = [clientWeek('2025-09-15', '2025-09-21', 'APPROVED', upload(11)), clientWeek('2025-09-08', '2025-09-14', 'APPROVED', upload(12))];
    const secondPage = answerDocuments(uploadsAnswer({ weeks, page: 2, total: 12 }), { page: 2 });
    const user = setupUser();
    const { router } = openStaffScreen(`${documentsPath}?page=2`);

    expect(await screen.findByText('Showing 11 to 12 of 12 weeks')).toBeInTheDocument();
    expect(secondPage.isDone()).toBe(true);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(historyWeeks()).toEqual(['Week of Sep 15 – Sep 21, 2025', 'Week of Sep 8 – Sep 14, 2025']);

    const firstPage = api()
      .get(`/api/staff/clients/${clientId(1)}/uploads`)
      .query({ page: 1, limit: 10 })
      .reply(200, uploadsAnswer({ weeks: [clientWeek('2026-03-02', '2026-03-08', 'PENDING', upload(1))], total: 12 }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1 to 10 of 12 weeks')).toBeInTheDocument();
    expect(firstPage.isDone()).toBe(true);
    expect(router.state.location.search).toBe('');
  });

  test("a client the server does not show this staff member says it is not found or not theirs", async () => {
    api().get(`/api/staff/clients/${clientId(1)}`).reply(404, { success: false, message: 'Client not found', error: 'NOT_FOUND' });
    api().get(`/api/staff/clients/${clientId(1)}/uploads`).query(true).reply(404, { success: false, message: 'Client not found', error: 'NOT_FOUND' });
    openStaffScreen(documentsPath);
    expect(await screen.findByRole('alert')).toHaveTextContent("Client not found or you don't have access to this client.");
    expect(screen.queryByRole('region', { name: 'Upload history' })).not.toBeInTheDocument();
  });

  test('an address that cannot name a client says so without asking the server', async () => {
    openStaffScreen('/staff/clients/12345/documents');
    expect(await screen.findByRole('alert')).toHaveTextContent("Client not found or you don't have access to this client.");
    expect(screen.getByRole('link', { name: 'Back to Clients' })).toHaveAttribute('href', '/staff/clients');
  });

  test('a failure to load the history shows the server message under the title', async () => {
    api().get(`/api/staff/clients/${clientId(1)}`).reply(200, clientDetailAnswer(1));
    api().get(`/api/staff/clients/${clientId(1)}/uploads`).query(true).reply(403, { success: false, message: 'Uploads are not available' });
    openStaffScreen(documentsPath);
    expect(await screen.findByRole('alert')).toHaveTextContent('Uploads are not available');
    expect(screen.getByRole('heading', { level: 1, name: 'Client 1 Documents' })).toBeInTheDocument();
  });
});
