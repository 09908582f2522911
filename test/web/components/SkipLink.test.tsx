import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellLayout } from '@/web/components/ShellLayout';
import { renderWithProviders } from '../../helpers/renderWithProviders';

const navItems = [
  { to: '/admin', label: 'Dashboard', icon: <span />, end: true },
  { to: '/admin/tickets', label: 'Tickets', icon: <span /> },
];

function renderShell() {
  renderWithProviders(
    <ShellLayout areaLabel="Admin" navItems={navItems} user={{ name: 'Zoe Quinn', email: 'zoe@acme.test' }} onLogout={jest.fn()}>
      <h1>Dashboard</h1>
      <button type="button">First action of the screen</button>
    </ShellLayout>,
    { route: '/admin' },
  );
}

test('the first Tab reaches "Skip to main content", which moves the focus past the sidebar to the screen', async () => {
  const user = userEvent.setup();
  renderShell();

  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  expect(skip).toHaveAttribute('href', '#main-content');

  await user.keyboard('{Enter}');
  const main = screen.getByRole('main');
  expect(main).toHaveAttribute('id', 'main-content');
  expect(main).toHaveFocus();

  // The next stop is the screen's own first control, not the sidebar's links.
  await user.tab();
  expect(screen.getByRole('button', { name: 'First action of the screen' })).toHaveFocus();
});
