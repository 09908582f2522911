import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import nock from 'nock';
import { API_ORIGIN, expectSessionCheck, renderApp, signedInAs, stubScreenReads, users } from '../../helpers/renderWithProviders';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60000);

/** A screen of each area whose reads the frame tests stub. */
const homes = { SYSTEM: '/system/companies', ADMIN: '/admin/tickets', STAFF: '/staff/tickets' } as const;
const TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

beforeEach(() => {
  stubScreenReads();
});

function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** Opens the area's shell and its Change Password dialog from the sidebar. */
async function openChangePassword(role: keyof typeof homes, user = setupUser()) {
  expectSessionCheck(users[role]);
  renderApp(homes[role], { preloadedState: signedInAs(role) });
  const sidebar = await screen.findByTestId('app-sidebar');
  await user.click(within(sidebar).getByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
  return { user, dialog };
}

async function fill(user: ReturnType<typeof setupUser>, dialog: HTMLElement, values: { current?: string; next?: string; confirm?: string }) {
  if (values.current !== undefined) await user.type(within(dialog).getByLabelText('Current password'), values.current);
  if (values.next !== undefined) await user.type(within(dialog).getByLabelText('New password'), values.next);
  if (values.confirm !== undefined) await user.type(within(dialog).getByLabelText('Confirm new password'), values.confirm);
}

const submit = (user: ReturnType<typeof setupUser>, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Change Password' }));

describe('changing one’s own password from the shell', () => {
  test.each(['SYSTEM', 'ADMIN', 'STAFF'] as const)('the %s shell offers Change password, which opens a dialog with labelled fields', async (role) => {
    const { dialog } = await openChangePassword(role);
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(within(dialog).getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
  });

  test('says what is missing or wrong before anything is sent', async () => {
    const { user, dialog } = await openChangePassword('STAFF');
    await submit(user, dialog);
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 4 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please confirm the new password')).toBeInTheDocument();

    await fill(user, dialog, { current: 'old-secret', next: 'abc', confirm: 'abd' });
    await submit(user, dialog);
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 4 characters')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'old-secret');
    expect(await within(dialog).findByText('The new password must be different from your current password.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.click(within(dialog).getByLabelText('New password'));
    await user.paste('p'.repeat(101));
    expect(await within(dialog).findByText('Password must be less than 100 characters')).toBeInTheDocument();
  });

  test('sends the current and the new password, toasts success and closes', async () => {
    const sent = nock(API_ORIGIN)
      .post('/api/auth/password', { currentPassword: 'old-secret', newPassword: 'violet-harbour-47' })
      .reply(200, { success: true, message: 'Your password has been changed.' });
    const { user, dialog } = await openChangePassword('STAFF');
    await fill(user, dialog, { current: 'old-secret', next: 'violet-harbour-47', confirm: 'violet-harbour-47' });
    await submit(user, dialog);

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
    expect(sent.isDone()).toBe(true);
  });

  test.each([
    ['a wrong current password', 'currentPassword', 'Your current password is not correct.', 'Current password'],
    ['a common new password', 'newPassword', TOO_COMMON, 'New password'],
  ])('shows the server’s refusal of %s under its field and stays open', async (_case, field, message, label) => {
    nock(API_ORIGIN).post('/api/auth/password').reply(400, { success: false, message, error: 'VALIDATION_ERROR', errors: [{ field, message }] });
    const { user, dialog } = await openChangePassword('SYSTEM');
    await fill(user, dialog, { current: 'old-secret', next: 'password1', confirm: 'password1' });
    await submit(user, dialog);

    const shown = await within(dialog).findByText(message);
    expect(within(dialog).getByLabelText(label).closest('.ant-form-item')).toContainElement(shown);
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument();
  });

  test('shows a refusal about no field (too many attempts) above the form, and closing clears form and error', async () => {
    const wait = 'Too many login attempts. Please wait 15 minutes and try again.';
    nock(API_ORIGIN).post('/api/auth/password').reply(429, { success: false, message: wait, error: 'RATE_LIMITED' });
    const { user, dialog } = await openChangePassword('ADMIN');
    await fill(user, dialog, { current: 'old-secret', next: 'violet-harbour-47', confirm: 'violet-harbour-47' });
    await submit(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(wait);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument());
    await user.click(within(screen.getByTestId('app-sidebar')).getByRole('button', { name: 'Change password' }));
    const reopened = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(within(reopened).getByLabelText('Current password')).toHaveValue('');
    expect(within(reopened).queryByText(wait)).not.toBeInTheDocument();
  });
});
