import { screen, waitFor, within } from '@testing-library/react';
import { openFiles, storedFile } from './consolidatedFiles';
import { api, chooseOption, company, companyId, pageOf, setupUser } from './systemScreens';

describe('Consolidated files screen', () => {
  test('lists files with type, uploader and date, and pages them by 10', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) => storedFile(index + 1));
    firstPage[1] = storedFile(2, { file_name: 'README' });
    api().get('/api/system/consolidated-files').query({ page: 1, limit: 10 }).reply(200, pageOf('files', firstPage, { total: 12 }));
    api().get('/api/system/consolidated-files').query({ page: 2, limit: 10 }).reply(200, pageOf('files', [storedFile(11), storedFile(12)], { page: 2, total: 12 }));
    const user = setupUser();
    openFiles();

    expect(await screen.findByRole('heading', { level: 1, name: 'Consolidated Files' })).toBeInTheDocument();
    expect(await screen.findByText('payroll-1.xlsx')).toBeInTheDocument();
    expect(screen.getByLabelText('File count')).toHaveTextContent('12 files');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['File Name', 'Company', 'Type', 'Uploaded By', 'Upload Date', 'Actions']);
    const [firstRow, secondRow] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(firstRow).toHaveTextContent('Company 1');
    expect(firstRow).toHaveTextContent('XLSX');
    expect(firstRow).toHaveTextContent('Sam Operator');
    expect(firstRow).toHaveTextContent('sam@platform.test');
    expect(firstRow).toHaveTextContent(/Mar 4, 2026, \d{1,2}:05 (AM|PM)/);
    expect(secondRow).toHaveTextContent('FILE');
    expect(screen.getByText('Showing 1 to 10 of 12 files')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 files')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  test('with no external link configured, View opens the file in the viewer instead of a download', async () => {
    const file = storedFile(1, { id: '5a1e0000-0000-4000-8000-000000000001', view_url: '/api/system/consolidated-files/5a1e0000-0000-4000-8000-000000000001/content' });
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [file]));
    api()
      .get(`/api/system/consolidated-files/${file.id}/viewer`)
      .reply(200, { success: true, data: { state: 'READY', message: null, versions: [{ version: 'consolidated', sheets: [{ index: 0, name: 'Payroll', kind: 'raw', rowCount: 1, columns: [] }] }], summary: null } });
    api()
      .get(`/api/system/consolidated-files/${file.id}/viewer/rows`)
      .query({ version: 'consolidated', sheet: 0, offset: 0, limit: 200, filter: 'all' })
      .reply(200, { success: true, data: { offset: 0, total: 1, rows: [{ index: 0, number: 1, cells: ['Ada Lovelace', '40'], severity: null, issues: [] }] } });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const user = setupUser();
    openFiles();
    await user.click(await screen.findByRole('button', { name: 'View payroll-1.xlsx' }));

    const dialog = await screen.findByRole('dialog', { name: 'payroll-1.xlsx' });
    expect(await within(dialog).findByRole('tab', { name: 'Raw (N/A)' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('tab', { name: 'Consolidated' }));
    expect(await within(dialog).findByText('Ada Lovelace')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
  });

  test("the viewer's Download saves the stored file under the server's name, and says so when it cannot", async () => {
    const file = storedFile(1, { id: '5a1e0000-0000-4000-8000-000000000002', view_url: '/api/system/consolidated-files/5a1e0000-0000-4000-8000-000000000002/content' });
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [file]));
    api().get(`/api/system/consolidated-files/${file.id}/viewer`).reply(200, { success: true, data: { state: 'READY', message: null, versions: [], summary: null } });
    api()
      .get(`/api/system/consolidated-files/${file.id}/content`)
      .reply(200, Buffer.from('PK'), { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="Company 1 payroll.xlsx"' });
    api().get(`/api/system/consolidated-files/${file.id}/content`).reply(404, { success: false, message: 'The consolidated file could not be found.' });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = setupUser();
    openFiles();
    await user.click(await screen.findByRole('button', { name: 'View payroll-1.xlsx' }));
    const dialog = await screen.findByRole('dialog', { name: 'payroll-1.xlsx' });

    const download = within(dialog).getByRole('button', { name: /Download/ });
    await user.click(download);
    await waitFor(() => expect(saved).toEqual(['Company 1 payroll.xlsx']));
    // one download at a time: the button waits while it runs
    await waitFor(() => expect(download).not.toHaveClass('ant-btn-loading'));
    await user.click(download);
    expect(await screen.findByText('The consolidated file could not be found.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    click.mockRestore();
  });

  test('View opens the file in a new tab', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [storedFile(1)]));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const user = setupUser();
    openFiles();
    await user.click(await screen.findByRole('button', { name: 'View payroll-1.xlsx' }));
    expect(open).toHaveBeenCalledWith('https://files.example.test/view/drive-1', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  test('the company filter asks for that company from the first page; empty states differ', async () => {
    api().get('/api/system/consolidated-files').query({ page: 1, limit: 10 }).reply(200, pageOf('files', [storedFile(1)], { total: 11 }));
    api().get('/api/system/consolidated-files').query({ page: 2, limit: 10 }).reply(200, pageOf('files', [storedFile(11)], { page: 2, total: 11 }));
    const filtered = api()
      .get('/api/system/consolidated-files')
      .query({ page: 1, limit: 10, companyId: companyId(2) })
      .reply(200, pageOf('files', []));
    const user = setupUser();
    const { router } = openFiles();
    await screen.findByText('payroll-1.xlsx');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('payroll-11.xlsx');
    expect(router.state.location.search).toBe('?page=2');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Filter by company' }), 'Company 2');

    expect(await screen.findByText('No consolidated files found')).toBeInTheDocument();
    expect(filtered.isDone()).toBe(true);
    expect(router.state.location.search).toBe(`?companyId=${companyId(2)}`);
    expect(screen.getByText('No consolidated files have been uploaded for Company 2 yet.')).toBeInTheDocument();
  });

  test('with no file at all it invites an upload', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    openFiles();
    expect(await screen.findByText('No consolidated files found')).toBeInTheDocument();
    expect(screen.getByText('Upload a consolidated file to get started.')).toBeInTheDocument();
  });

  test('a load failure names the reason', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(403, { success: false, message: 'Forbidden' });
    openFiles();
    expect(await screen.findByText('Failed to load consolidated files: Forbidden')).toBeInTheDocument();
  });
});

describe('Consolidated files: the list view lives in the address', () => {
  test('an address with a company and a page restores both', async () => {
    const restored = api()
      .get('/api/system/consolidated-files')
      .query({ page: 2, limit: 10, companyId: companyId(2) })
      .reply(200, pageOf('files', [storedFile(11)], { page: 2, total: 11 }));
    openFiles(`?companyId=${companyId(2)}&page=2`);
    expect(await screen.findByText('payroll-11.xlsx')).toBeInTheDocument();
    expect(restored.isDone()).toBe(true);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filter by company' }).closest('.ant-select') as HTMLElement;
    expect(within(filter).getByText('Company 2')).toBeInTheDocument();
  });

  test('an address past the last page steps back to the last page', async () => {
    api().get('/api/system/consolidated-files').query({ page: 4, limit: 10 }).reply(200, pageOf('files', [], { page: 4, total: 11 }));
    api().get('/api/system/consolidated-files').query({ page: 2, limit: 10 }).reply(200, pageOf('files', [storedFile(11)], { page: 2, total: 11 }));
    const { router } = openFiles('?page=4');
    expect(await screen.findByText('payroll-11.xlsx')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  test('a company beyond the first hundred keeps its name, read on its own', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    api().get(`/api/system/companies/${companyId(250)}`).reply(200, { success: true, data: { company: company(250) } });
    openFiles(`?companyId=${companyId(250)}`);
    expect(await screen.findByText('No consolidated files have been uploaded for Company 250 yet.')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Filter by company' }).closest('.ant-select') as HTMLElement;
    expect(within(filter).getByText('Company 250')).toBeInTheDocument();
  });
});

describe('Consolidated files: the company picker searches on the server', () => {
  test('typing asks the server once typing pauses, and the chosen company keeps its name', async () => {
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', []));
    const searched = api()
      .get('/api/system/companies')
      .query({ page: 1, limit: 100, search: 'glob' })
      .reply(200, pageOf('companies', [company(150, { name: 'Globex' })], { limit: 100 }));
    api().get('/api/system/consolidated-files').query({ page: 1, limit: 10, companyId: companyId(150) }).reply(200, pageOf('files', []));
    const user = setupUser();
    const { router } = openFiles();
    await screen.findByText('No consolidated files found');

    const filter = screen.getByRole('combobox', { name: 'Filter by company' });
    await user.click(filter);
    await user.type(filter, 'glob');
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((element) => element.textContent === 'Globex');
      if (!found) throw new Error('Globex is not offered yet');
      return found;
    });
    expect(searched.isDone()).toBe(true);
    await user.click(option);

    expect(await screen.findByText('No consolidated files have been uploaded for Globex yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?companyId=${companyId(150)}`);
    const select = filter.closest('.ant-select') as HTMLElement;
    expect(within(select).getByText('Globex')).toBeInTheDocument();
  });
});

describe('Consolidated files table', () => {
  test('a long file name is cut with an ellipsis in a fixed-width column, and the table scrolls sideways', async () => {
    const longName = `${'payroll_'.repeat(20)}final.xlsx`;
    api().get('/api/system/consolidated-files').query(true).reply(200, pageOf('files', [storedFile(1, { file_name: longName })]));
    openFiles();
    const name = await screen.findByTestId('file-name');
    expect(name).toHaveTextContent(longName);
    expect(name).toHaveClass('ant-typography-ellipsis');
    expect(name).toHaveStyle({ maxWidth: '260px' });
    expect(screen.getByRole('table')).toHaveStyle({ width: 'max-content' });
    expect(screen.getByText('Showing 1 to 1 of 1 file')).toBeInTheDocument();
    expect(screen.getByLabelText('File count')).toHaveTextContent(/^1 file$/);

    // The name overflows its 260 px (jsdom lays nothing out, so the sizes are given): hovering shows it whole.
    const measure = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const right = this.classList.contains('ant-typography-css-ellipsis-content-measure') ? 900 : 260;
      return { left: 0, top: 0, right, bottom: 20, width: right, height: 20, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    try {
      await setupUser().hover(name);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(longName);
    } finally {
      measure.mockRestore();
    }
  });
});

