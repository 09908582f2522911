import { screen, waitFor, within } from '@testing-library/react';
import { api, company, companyId, findDialog, openSystemScreen, pageOf, setupUser } from './systemScreens';

const admin = (index: number) => ({ id: `admin-${index}`, name: `Admin ${index}`, email: `admin${index}@acme.test`, role: 'ADMIN' });
const ID = companyId(1);
const companyPath = `/api/system/companies/${ID}`;
const adminsPath = `${companyPath}/admins`;

async function openReset(user: ReturnType<typeof setupUser>) {
  api().get(companyPath).reply(200, { success: true, data: { company: company(1) } });
  api().get(adminsPath).query(true).reply(200, pageOf('admins', [admin(1), admin(2)]));
  openSystemScreen(`/system/companies/${ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Company 1' })).toBeInTheDocument();
  expect(await screen.findByText('Admin 1')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Reset password of Admin 1' }));
  return findDialog('Reset Password');
}

async function fill(user: ReturnType<typeof setupUser>, dialog: HTMLElement, next: string, confirm: string) {
  await user.type(within(dialog).getByLabelText('New password'), next);
  await user.type(within(dialog).getByLabelText('Confirm new password'), confirm);
}

const submit = (user: ReturnType<typeof setupUser>, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

describe('an operator resets a company admin’s password', () => {
  test('validates the new password and its confirmation', async () => {
    const user = setupUser();
    const dialog = await openReset(user);
    expect(dialog).toHaveTextContent('Set a new password for Admin 1.');
    await fill(user, dialog, 'abc', 'abd');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Password must be at least 4 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
  });

  test('sends the new password for that admin of that company, toasts success and closes', async () => {
    const user = setupUser();
    const dialog = await openReset(user);
    const sent = api()
      .post(`${adminsPath}/admin-1/password`, { newPassword: 'violet-harbour-47' })
      .reply(200, { success: true, message: 'The password of Admin 1 has been reset.' });
    await fill(user, dialog, 'violet-harbour-47', 'violet-harbour-47');
    await submit(user, dialog);

    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(screen.getByText('Admin 1 has been signed out everywhere and can sign in with the new password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument());
    expect(sent.isDone()).toBe(true);
  });

  test('shows a server failure in the dialog, which stays open; Cancel clears it', async () => {
    const user = setupUser();
    const dialog = await openReset(user);
    api().post(`${adminsPath}/admin-1/password`).reply(500, { success: false, message: 'Something went wrong on our side.', error: 'INTERNAL' });
    await fill(user, dialog, 'violet-harbour-47', 'violet-harbour-47');
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Reset password of Admin 1' }));
    const reopened = await findDialog('Reset Password');
    expect(within(reopened).getByLabelText('New password')).toHaveValue('');
    expect(within(reopened).queryByRole('alert')).not.toBeInTheDocument();
  });
});
