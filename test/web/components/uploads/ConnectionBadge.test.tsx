import { render, screen } from '@testing-library/react';
import { ConnectionBadge } from '@/web/components/uploads/ConnectionBadge';

describe('the connection badge', () => {
  test.each([
    ['connecting', 'Connecting…'],
    ['connected', 'Connected'],
    ['disconnected', 'Disconnected'],
  ] as const)('reads %s as %s', (connection, text) => {
    render(<ConnectionBadge connection={connection} />);
    expect(screen.getByRole('status', { name: 'Live updates' })).toHaveTextContent(new RegExp(`^${text}$`));
  });
});
