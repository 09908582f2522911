import { act, fireEvent, screen } from '@testing-library/react';
import { ShellLayout } from '@/web/components/ShellLayout';
import { renderWithProviders } from '../../helpers/renderWithProviders';

const navItems = [
  { to: '/admin', label: 'Dashboard', icon: <span />, end: true },
  { to: '/admin/tickets', label: 'Tickets', icon: <span /> },
];

function renderShell(onLogout = jest.fn()) {
  renderWithProviders(
    <ShellLayout areaLabel="Admin" navItems={navItems} user={{ name: 'Zoe Quinn', email: 'zoe@acme.test' }} onLogout={onLogout}>
      <p>screen</p>
    </ShellLayout>,
    { route: '/admin' },
  );
  return onLogout;
}

afterEach(() => {
  jest.useRealTimers();
});

test('the collapsed sidebar names a link in a tooltip after 700 ms of hovering', async () => {
  document.cookie = 'sidebar_state=false; path=/';
  jest.useFakeTimers();
  renderShell();
  const link = screen.getByRole('link', { name: 'Tickets' });

  fireEvent.mouseEnter(link);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(600);
  });
  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

  await act(async () => {
    await jest.advanceTimersByTimeAsync(200);
  });
  expect(screen.getByRole('tooltip')).toHaveTextContent('Tickets');
});

test('the expanded sidebar shows labels and no tooltips', async () => {
  jest.useFakeTimers();
  renderShell();
  const link = screen.getByRole('link', { name: 'Tickets' });

  fireEvent.mouseEnter(link);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1000);
  });

  expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
});

test('the footer shows the initials, name and email, and Logout calls back', () => {
  const onLogout = renderShell();
  expect(screen.getByText('ZO')).toBeInTheDocument();
  expect(screen.getByText('Zoe Quinn')).toBeInTheDocument();
  expect(screen.getByText('zoe@acme.test')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

  expect(onLogout).toHaveBeenCalledTimes(1);
});
