/** Companies pages and the row menu, shared by the companies screen suites. */
import { screen, waitFor, within } from '@testing-library/react';
import { company, pageOf, type setupUser } from './systemScreens';

export const companies = (from: number, count: number) => Array.from({ length: count }, (_, index) => company(from + index));

export function listAnswer(items = companies(1, 2), options = {}) {
  return pageOf('companies', items, options);
}

/** Chooses an item of the row menu that is open (menus opened before stay in the page, hidden). */
export async function chooseRowAction(user: ReturnType<typeof setupUser>, name: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const item = await waitFor(() => {
    const open = Array.from(document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)')).at(-1);
    const found = open && within(open).getByText(action);
    if (!found) throw new Error(`No open menu with ${action}`);
    return found;
  });
  await user.click(item);
}

/** The #, name and id of each row. */
export function rowTexts() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent));
}
