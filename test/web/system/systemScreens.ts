/** Answers of the operators' API and helpers the system screen suites share. */
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import nock from 'nock';
import { API_ORIGIN, expectSessionCheck, renderApp, signedInAs, users } from '../../helpers/renderWithProviders';

// Screens load lazily and Ant Design renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(60000);

/** A user who types without pausing between keys. */
export function setupUser() {
  return userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
}

export function pageOf<T>(key: string, items: T[], { page = 1, limit = 10, total = items.length } = {}) {
  const totalPages = Math.ceil(total / limit);
  return {
    success: true,
    data: { [key]: items, pagination: { page, limit, total, totalPages, hasPrevPage: page > 1, hasNextPage: page < totalPages } },
  };
}

/** Ids in addresses are UUIDs; company `index` has this one. */
export function companyId(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
}

export function company(index: number, extra: Record<string, unknown> = {}) {
  return { id: companyId(index), name: `Company ${index}`, staff_count: index, active_clients: index * 2, ...extra };
}

export const api = () => nock(API_ORIGIN);

/** Opens a screen of the system area as a signed-in operator. */
export function openSystemScreen(path: string) {
  expectSessionCheck(users.SYSTEM);
  return renderApp(path, { preloadedState: signedInAs('SYSTEM') });
}

/** Picks an option of an Ant Design select. */
export async function chooseOption(user: ReturnType<typeof setupUser>, combobox: HTMLElement, optionText: string) {
  await user.click(combobox);
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((element) => element.textContent === optionText);
    if (!found) throw new Error(`No option ${optionText}`);
    return found;
  });
  await user.click(option);
}

/**
 * Records whether `text` was ever put on screen while the returned watcher runs, even for a single
 * render that a later one replaced.
 */
export function watchForText(text: string) {
  let seen = false;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const nodes = [...Array.from(record.addedNodes), record.target];
      if (nodes.some((node) => node.textContent?.includes(text))) seen = true;
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return {
    wasSeen: () => seen,
    stop: () => observer.disconnect(),
  };
}

/** The dialog with this title. */
export async function findDialog(title: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: title });
}
