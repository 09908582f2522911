import { act, fireEvent, screen } from '@testing-library/react';
import { useToast } from '@/web/lib/useToast';
import { renderWithProviders } from '../../helpers/renderWithProviders';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Admin created successfully', 'Jo has been added as an admin')}>
        one
      </button>
      <button type="button" onClick={() => [1, 2, 3, 4, 5].forEach((n) => toast.info(`Toast ${n}`))}>
        five
      </button>
    </>
  );
}

const visibleToasts = () => document.querySelectorAll('.ant-notification-notice');

afterEach(() => {
  jest.useRealTimers();
});

test('at most 3 toasts are visible at once, the newest ones', async () => {
  renderWithProviders(<ToastButtons />);
  fireEvent.click(screen.getByRole('button', { name: 'five' }));

  expect(await screen.findByText('Toast 5')).toBeInTheDocument();
  expect(visibleToasts()).toHaveLength(3);
  expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
});

test('a toast shows its title and description and goes after 4 s', async () => {
  jest.useFakeTimers();
  renderWithProviders(<ToastButtons />);
  fireEvent.click(screen.getByRole('button', { name: 'one' }));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(100);
  });
  expect(screen.getByText('Admin created successfully')).toBeInTheDocument();
  expect(screen.getByText('Jo has been added as an admin')).toBeInTheDocument();

  await act(async () => {
    await jest.advanceTimersByTimeAsync(3700);
  });
  expect(screen.getByText('Admin created successfully')).toBeInTheDocument();

  await act(async () => {
    await jest.advanceTimersByTimeAsync(1500);
  });
  expect(screen.queryByText('Admin created successfully')).not.toBeInTheDocument();
});

test('toasts stack bottom right, away from the actions at the top of a screen', async () => {
  renderWithProviders(<ToastButtons />);
  fireEvent.click(screen.getByRole('button', { name: 'five' }));
  const toast = await screen.findByText('Toast 5');
  expect(toast.closest('.ant-notification')).toHaveClass('ant-notification-bottomRight');
  expect(document.querySelector('.ant-notification-topRight')).toBeNull();
});
