import { screen, within } from '@testing-library/react';
import { api, openAdminScreen } from './adminScreens';

const COMPANY = { id: '33333333-0000-4000-8000-000000000001', name: 'Acme Payroll', staff_count: 7, active_clients: 12 };

describe('Admin dashboard header', () => {
  test('shows the breadcrumb, the company name and id, and cards that lead to staff and clients', async () => {
    api().get('/api/company/current').reply(200, { success: true, data: { company: COMPANY } });
    openAdminScreen('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Payroll' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(/^Admin\/Dashboard$/);
    expect(screen.getByText(COMPANY.id)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Company Admin Overview' })).toBeInTheDocument();

    const staffCard = screen.getByRole('group', { name: 'Staff Users' });
    expect(staffCard).toHaveTextContent('7');
    expect(staffCard.closest('a')).toHaveAttribute('href', '/admin/staff-management');
    const clientsCard = screen.getByRole('group', { name: 'Active Clients' });
    expect(clientsCard).toHaveTextContent('12');
    expect(clientsCard.closest('a')).toHaveAttribute('href', '/admin/client-management');
  });

  test.each([
    ['the server message', 403, { success: false, message: 'Your session has no company' }, 'Your session has no company'],
    ['a fallback when the answer is not the API JSON', 200, '<html>Welcome to the proxy</html>', 'Failed to load company dashboard'],
    ['that the company is missing when the answer has none', 200, { success: true, data: {} }, 'Company data not found'],
  ])('a failed load shows %s', async (_case, status, body, text) => {
    api().get('/api/company/current').reply(status, body);
    openAdminScreen('/admin');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
  });
});
