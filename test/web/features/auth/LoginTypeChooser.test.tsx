import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../helpers/renderWithProviders';

describe('login-type chooser', () => {
  test('shows the product heading and asks for the login type', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payroll Consolidation System' })).toBeInTheDocument();
    expect(screen.getByText('Choose your login type')).toBeInTheDocument();
  });

  test.each([
    ['Log in as System', '/auth/system', 'Login with your system credentials'],
    ['Log in as Admin', '/auth/admin', 'Login with your admin credentials'],
    ['Log in as Staff', '/auth/staff', 'Login with your staff credentials'],
  ])('"%s" leads to %s', async (label, path, subtitle) => {
    const { router } = renderApp('/');
    const choice = await screen.findByRole('link', { name: label });
    expect(choice).toHaveAttribute('href', path);

    await userEvent.click(choice);

    expect(router.state.location.pathname).toBe(path);
    expect(await screen.findByText(subtitle)).toBeInTheDocument();
  });
});
