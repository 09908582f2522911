import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@/web/api/generated';
import { api, chooseOption, openAdminScreen, setupUser } from '../admin/adminScreens';
import { companyId, openSystemScreen } from '../system/systemScreens';

const FAY = '11111111-0000-4000-8000-000000000001';
const ADA = '11111111-0000-4000-8000-000000000002';
const CLIENT = '22222222-0000-4000-8000-000000000001';

function entry(id: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-03-04T14:05:00.000Z',
    actor: { id: ADA, name: 'Ada Admin', role: 'ADMIN' },
    company: { id: companyId(1), name: 'Acme' },
    action: 'client.update',
    entity_type: 'client',
    entity_id: CLIENT,
    summary: 'Changed client Alpha Bakes: name Alpha Bakery -> Alpha Bakes',
    before: { name: 'Alpha Bakery', status: 'ACTIVE' },
    after: { name: 'Alpha Bakes', status: 'ACTIVE' },
    ip: '203.0.113.9',
    ...extra,
  };
}

function auditPage(entries: AuditEntry[], { page = 1, total = entries.length } = {}) {
  const totalPages = Math.ceil(total / 50);
  return { success: true, data: { entries, pagination: { page, limit: 50, total, totalPages, hasPrevPage: page > 1, hasNextPage: page < totalPages } } };
}

const OPTIONS = {
  success: true,
  data: {
    people: [
      { id: ADA, name: 'Ada Admin', role: 'ADMIN' },
      { id: FAY, name: 'Fay Fischer', role: 'STAFF' },
    ],
    actions: ['auth.login', 'client.update'],
  },
};

const combobox = (name: string) => screen.getByRole('combobox', { name });

describe('the audit log screen', () => {
  let saved: string[];

  beforeEach(() => {
    saved = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  test("shows an admin their company's entries from the address's filters and page, the change at a glance and in full", async () => {
    api().get('/api/company/audit/options').reply(200, OPTIONS);
    api()
      .get('/api/company/audit')
      .query({ page: 2, action: 'client.update' })
      .reply(200, auditPage([entry(1), entry(2, { actor: null, action: 'auth.revoke', entity_type: 'session', before: null, after: null, summary: 'Session revoked: refresh token reused' })], { page: 2, total: 52 }));
    const user = setupUser();
    openAdminScreen('/admin/audit?action=client.update&page=2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeInTheDocument();
    const details = await screen.findAllByTestId('audit-details');
    expect(details.map((cell) => cell.textContent)).toEqual(['name: Alpha Bakery -> Alpha Bakes', 'Session revoked: refresh token reused']);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Changed client')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Client 22222222')).toBeInTheDocument();
    expect(within(rows[1]).getByText('System')).toBeInTheDocument();
    expect(screen.getByLabelText('Entry count')).toHaveTextContent('52 entries');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('columnheader', { name: 'Company' })).toBeNull();

    await user.click(within(rows[0]).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('203.0.113.9')).toBeInTheDocument();
    expect(screen.getByText(/"name": "Alpha Bakery"/)).toBeInTheDocument();
  });

  test('keeps every filter in the address, starting again from page 1, and exports what the filters select', async () => {
    api().get('/api/company/audit/options').reply(200, OPTIONS);
    api().get('/api/company/audit').query({ page: 3 }).reply(200, auditPage([entry(1)], { page: 3, total: 120 }));
    api().get('/api/company/audit').query({ page: 1, actor: FAY }).reply(200, auditPage([entry(3)]));
    api().get('/api/company/audit').query({ page: 1, actor: FAY, entityType: 'client' }).reply(200, auditPage([entry(4)]));
    const exported = api()
      .get('/api/company/audit/export')
      .query({ actor: FAY, entityType: 'client' })
      .reply(200, 'When,Who\r\n', { 'Content-Disposition': 'attachment; filename="audit-log-2026-03-04.csv"', 'Content-Type': 'text/csv; charset=utf-8' });
    const user = setupUser();
    const { router } = openAdminScreen('/admin/audit?page=3');
    await screen.findAllByTestId('audit-details');

    await chooseOption(user, combobox('Filter by person'), 'Fay Fischer');
    await waitFor(() => expect(router.state.location.search).toBe(`?actor=${FAY}`));
    await chooseOption(user, combobox('Filter by record type'), 'Client');
    await waitFor(() => expect(router.state.location.search).toBe(`?actor=${FAY}&entityType=client`));
    await waitFor(() => expect(screen.getAllByTestId('audit-details')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-03-04.csv']));
    expect(exported.isDone()).toBe(true);
  });

  test("says 'No audit entries found' when nothing matches, and toasts a refused export with the server's reason", async () => {
    api().get('/api/company/audit/options').reply(200, OPTIONS);
    api().get('/api/company/audit').query({ page: 1, dateFrom: '2026-03-01', dateTo: '2026-03-02' }).reply(200, auditPage([]));
    api()
      .get('/api/company/audit/export')
      .query({ dateFrom: '2026-03-01', dateTo: '2026-03-02' })
      .reply(400, { success: false, message: 'dateTo must be a date (YYYY-MM-DD) from 2000-01-01 to 2099-12-31.', error: 'VALIDATION_ERROR' });
    const user = setupUser();
    openAdminScreen('/admin/audit?dateFrom=2026-03-01&dateTo=2026-03-02');

    expect(await screen.findByText('No audit entries found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filters to see more entries')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Failed to export the audit log')).toBeInTheDocument();
    expect(screen.getByText('dateTo must be a date (YYYY-MM-DD) from 2000-01-01 to 2099-12-31.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test("shows operators every company's entries with a Company column, and filters and exports by company", async () => {
    api().get('/api/system/companies').query(true).reply(200, { success: true, data: { companies: [{ id: companyId(1), name: 'Acme', staff_count: 1, active_clients: 1 }], pagination: { page: 1, limit: 100, total: 1, totalPages: 1, hasPrevPage: false, hasNextPage: false } } }).persist();
    api().get('/api/system/audit/options').query(true).reply(200, OPTIONS).persist();
    api().get('/api/system/audit').query({ page: 1 }).reply(200, auditPage([entry(1, { company: { id: companyId(2), name: null } })]));
    api().get('/api/system/audit').query({ page: 1, companyId: companyId(1) }).reply(200, auditPage([entry(2)]));
    const exported = api().get('/api/system/audit/export').query({ companyId: companyId(1) }).reply(200, 'When\r\n', { 'Content-Disposition': 'attachment; filename="audit-log-2026-03-04.csv"' });
    const user = setupUser();
    const { router } = openSystemScreen('/system/audit');

    expect(await screen.findByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(await screen.findByText('Deleted company')).toBeInTheDocument();
    await chooseOption(user, combobox('Filter by company'), 'Acme');
    await waitFor(() => expect(router.state.location.search).toBe(`?companyId=${companyId(1)}`));
    expect(await screen.findByText('Acme', { selector: 'td' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['audit-log-2026-03-04.csv']));
    expect(exported.isDone()).toBe(true);
  });
});
