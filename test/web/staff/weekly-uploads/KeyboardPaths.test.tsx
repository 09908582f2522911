import { screen, waitFor, within } from '@testing-library/react';
import { answerList, answerSummaries, api, openWeeklyUploads, row, rows, setupUser, uploadId, weeklyUpload } from './weeklyScreens';

const ID = uploadId(1);
const XLSX_BYTES = Buffer.from('PK fake workbook');

/**
 * The legacy key codes a browser sends with each key press. The menu (rc-menu, rc-dropdown) reads
 * them rather than `key`; user-event in jsdom sends only `key` and `code`, so they are added on the
 * way down, before any handler of the page sees the press.
 */
const LEGACY_KEY_CODES: Record<string, number> = { Enter: 13, Escape: 27, ' ': 32, ArrowUp: 38, ArrowDown: 40 };

function withLegacyKeyCode(event: KeyboardEvent): void {
  const code = LEGACY_KEY_CODES[event.key];
  if (code === undefined) return;
  Object.defineProperty(event, 'keyCode', { value: code });
  Object.defineProperty(event, 'which', { value: code });
}

beforeAll(() => document.addEventListener('keydown', withLegacyKeyCode, true));
afterAll(() => document.removeEventListener('keydown', withLegacyKeyCode, true));

/**
 * The Download menu by keyboard alone (WCAG 2.1.1, the WAI-ARIA menu button): Enter, Space or
 * ArrowDown on the button opens it with the focus inside, Enter downloads the focused version,
 * Escape closes the menu back onto the button.
 */
describe('the Download menu by keyboard', () => {
  let saved: string[];

  beforeEach(() => {
    answerSummaries();
    answerList([row(1, weeklyUpload(1, { status: 'SCRUBBED' }))]);
    saved = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  /** The row's Download button, focused as a keyboard user would reach it. */
  async function focusDownload() {
    openWeeklyUploads();
    await screen.findByText('Client 1');
    const button = screen.getByRole('button', { name: 'Download' });
    button.focus();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    return button;
  }

  /** The menu once it has taken the focus (it moves in after the menu has rendered). */
  async function focusedMenu() {
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    return menu;
  }

  test.each([
    ['ArrowDown', '{ArrowDown}'],
    ['Enter', '{Enter}'],
    ['Space', ' '],
  ])('%s opens the menu and moves the focus into it', async (_name, keys) => {
    const user = setupUser();
    const button = await focusDownload();

    await user.keyboard(keys);
    const menu = await focusedMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Raw file', 'Consolidated file', 'Scrubbed file']);
  });

  // Walking the versions with the arrow keys needs a layout (the menu moves only to items it can
  // see), which jsdom has not: the browser suite walks them (accessibility.e2e.ts).
  test('the menu opens on its first version, which Enter downloads; the focus comes back to the button', async () => {
    const disposition = 'attachment; filename="Client 1 2026-03-02 raw.xlsx"';
    const file = api().get(`/api/staff/download/${ID}`).query({ type: 'raw' }).reply(200, XLSX_BYTES, { 'Content-Disposition': disposition });
    const user = setupUser();
    const button = await focusDownload();

    await user.keyboard('{ArrowDown}');
    const menu = await focusedMenu();
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: /Raw file/ })).toHaveFocus());
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Client 1 Payroll (raw) downloaded successfully')).toBeInTheDocument();
    expect(file.isDone()).toBe(true);
    expect(saved).toEqual(['Client 1 2026-03-02 raw.xlsx']);
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and gives the focus back to the button', async () => {
    const user = setupUser();
    const button = await focusDownload();

    await user.keyboard('{ArrowDown}');
    await focusedMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test("Enter on a row's Upload opens the file picker of that row's client", async () => {
  answerSummaries();
  answerList(rows(1, 2));
  const opened: string[] = [];
  jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
    opened.push(this.getAttribute('aria-label') ?? '');
  });
  const user = setupUser();
  openWeeklyUploads();
  await screen.findByText('Client 2');
  const uploads = screen.getAllByRole('button', { name: 'Upload' });
  uploads[1].focus();

  await user.keyboard('{Enter}');
  expect(opened).toEqual(['Document file for Client 2']);
  await user.keyboard(' ');
  expect(opened).toEqual(['Document file for Client 2', 'Document file for Client 2']);
  jest.restoreAllMocks();
});
