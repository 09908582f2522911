import { screen, waitFor } from '@testing-library/react';
import { api, client, clientDetailAnswer, clientId, openStaffScreen, setupUser, UNREADABLE_BODY, uploadsAnswer } from './staffScreens';

const detailPath = `/staff/clients/${clientId(1)}`;

/** The value next to a label of the details list. */
function fact(label: string) {
  const term = screen.getByText(label, { selector: '.ant-descriptions-item-label' });
  return term.nextElementSibling as HTMLElement;
}

describe('Client details screen', () => {
  test('shows the client with its organization, staff, one required document and date added', async () => {
    api()
      .get(`/api/staff/clients/${clientId(1)}`)
      .reply(200, clientDetailAnswer(1, { name: 'Globex Payroll', organization_name: 'Acme', created_at: '2026-01-15T12:00:00.000Z' }));
    openStaffScreen(detailPath);

    expect(await screen.findByRole('heading', { level: 1, name: 'Globex Payroll' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Clients' })).toHaveAttribute('href', '/staff/clients');
    expect(fact('Status')).toHaveTextContent('Active');
    expect(fact('Organization')).toHaveTextContent('Acme');
    expect(fact('Assigned Staff')).toHaveTextContent('Steve Staff');
    expect(fact('Required Documents')).toHaveTextContent(/^1 document$/);
    expect(fact('Date Added')).toHaveTextContent(/^Jan 15, 2026, \d{1,2}:\d{2} (AM|PM)$/);
  });

  test('Manage Documents opens the client documents', async () => {
    api().get(`/api/staff/clients/${clientId(1)}`).reply(200, clientDetailAnswer(1));
    const user = setupUser();
    const { router } = openStaffScreen(detailPath);
    await screen.findByRole('heading', { level: 1, name: 'Client 1' });

    // The documents screen reuses the cached client and asks for the history.
    api().get(`/api/staff/clients/${clientId(1)}/uploads`).query({ page: 1, limit: 10 }).reply(200, uploadsAnswer());
    await user.click(screen.getByRole('button', { name: 'Manage Documents' }));
    expect(router.state.location.pathname).toBe(`${detailPath}/documents`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Client 1 Documents' })).toBeInTheDocument();
    expect(await screen.findByText('No uploads yet')).toBeInTheDocument();
  });

  test('the staff member switches the status; the pill shows ... until the server answers', async () => {
    api().get(`/api/staff/clients/${clientId(1)}`).reply(200, clientDetailAnswer(1, { status: 'INACTIVE' }));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const change = api()
      .put(`/api/client/${clientId(1)}`, { status: 'ACTIVE' })
      .reply(async () => {
        await answered;
        return [200, { success: true, data: { client: client(1) } }];
      });
    const user = setupUser();
    openStaffScreen(detailPath);
    await screen.findByRole('heading', { level: 1, name: 'Client 1' });

    await user.click(screen.getByRole('button', { name: 'Status of Client 1: Inactive. Change to Active' }));
    await waitFor(() => expect(change.isDone()).toBe(true));
    expect(fact('Status')).toHaveTextContent(/^\.\.\.$/);

    api().get(`/api/staff/clients/${clientId(1)}`).reply(200, clientDetailAnswer(1));
    answer();
    expect(await screen.findByRole('button', { name: 'Status of Client 1: Active. Change to Inactive' })).toBeInTheDocument();
  });

  test("a client the server does not show this staff member says it is not found or not theirs", async () => {
    api().get(`/api/staff/clients/${clientId(9)}`).reply(404, { success: false, message: 'Client not found', error: 'NOT_FOUND' });
    openStaffScreen(`/staff/clients/${clientId(9)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent("Client not found or you don't have access to this client.");
    expect(screen.queryByRole('button', { name: 'Manage Documents' })).not.toBeInTheDocument();
  });

  test('an address that cannot name a client says so without asking the server', async () => {
    // No answer is prepared: a request would fail the test.
    openStaffScreen('/staff/clients/not-a-client');
    expect(await screen.findByRole('alert')).toHaveTextContent("Client not found or you don't have access to this client.");
    expect(screen.getByRole('link', { name: 'Back to Clients' })).toBeInTheDocument();
  });

  test('a load failure shows the server message', async () => {
    api().get(`/api/staff/clients/${clientId(1)}`).reply(403, { success: false, message: 'Your session has no company' });
    openStaffScreen(detailPath);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has no company');
  });

  test('a failure without a message says the client details could not be loaded', async () => {
    api().get(`/api/staff/clients/${clientId(1)}`).reply(200, UNREADABLE_BODY);
    openStaffScreen(detailPath);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load client details');
  });
});
