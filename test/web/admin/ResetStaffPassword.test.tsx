import { screen, waitFor, within } from '@testing-library/react';
import { api, findDialog, openAdminScreen, setupUser, staffId, staffMembers, staffPage } from './adminScreens';

const LIST = '/api/company/staff';
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

async function openReset(user: ReturnType<typeof setupUser>, name = 'Staff 1') {
  openAdminScreen('/admin/staff-management');
  expect(await screen.findByRole('heading', { level: 1, name: 'Staff Management' })).toBeInTheDocument();
  expect(await screen.findByRole('cell', { name })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: `Reset password of ${name}` }));
  return findDialog('Reset Password');
}

async function fill(user: ReturnType<typeof setupUser>, dialog: HTMLElement, next: string, confirm: string) {
  await user.type(within(dialog).getByLabelText('New password'), next);
  await user.type(within(dialog).getByLabelText('Confirm new password'), confirm);
}

const submit = (user: ReturnType<typeof setupUser>, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Reset Password' }));

describe('an admin resets a staff member’s password', () => {
  test('each row offers Reset password; the dialog names the member and checks the new password before sending', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    const user = setupUser();
    const dialog = await openReset(user, 'Staff 2');
    expect(dialog).toHaveTextContent('Set a new password for Staff 2. They will be signed out everywhere and must sign in with the new password.');

    await submit(user, dialog);
    expect(await within(dialog).findByText('Password must be at least 4 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm the new password')).toBeInTheDocument();

    await fill(user, dialog, 'violet-harbour-47', 'violet-harbour-48');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();
  });

  test('sends the new password for that member, toasts success and closes', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    const sent = api()
      .post(`${LIST}/${staffId(1)}/password`, { newPassword: 'violet-harbour-47' })
      .reply(200, { success: true, message: 'The password of Staff 1 has been reset.' });
    const user = setupUser();
    const dialog = await openReset(user);
    await fill(user, dialog, 'violet-harbour-47', 'violet-harbour-47');
    await submit(user, dialog);

    expect(await screen.findByText('Password reset')).toBeInTheDocument();
    expect(screen.getByText('Staff 1 has been signed out everywhere and can sign in with the new password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Password' })).not.toBeInTheDocument());
    expect(sent.isDone()).toBe(true);
  });

  test('shows a common password refused by the server under the field, and stays open', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 1)));
    api()
      .post(`${LIST}/${staffId(1)}/password`)
      .reply(400, { success: false, message: TOO_COMMON, error: 'VALIDATION_ERROR', errors: [{ field: 'newPassword', message: TOO_COMMON }] });
    const user = setupUser();
    const dialog = await openReset(user);
    await fill(user, dialog, 'Password1', 'Password1');
    await submit(user, dialog);

    const shown = await within(dialog).findByText(TOO_COMMON);
    expect(within(dialog).getByLabelText('New password').closest('.ant-form-item')).toContainElement(shown);
    expect(screen.queryByText('Password reset')).not.toBeInTheDocument();
  });

  test('a member removed meanwhile: the server’s message shows in the dialog and the list is read again', async () => {
    api().get(LIST).query(true).reply(200, staffPage(staffMembers(1, 2)));
    api().post(`${LIST}/${staffId(1)}/password`).reply(404, { success: false, message: 'Staff member not found', error: 'NOT_FOUND' });
    const reread = api().get(LIST).query(true).reply(200, staffPage(staffMembers(2, 1)));
    const user = setupUser();
    const dialog = await openReset(user);
    await fill(user, dialog, 'violet-harbour-47', 'violet-harbour-47');
    await submit(user, dialog);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Staff member not found');
    await waitFor(() => expect(reread.isDone()).toBe(true));
  });
});
