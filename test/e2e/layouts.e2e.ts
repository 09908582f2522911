import type { Page } from 'playwright-core';
import { baseUrl, screenshot, settle, signIn, signInAs, suiteBrowser } from './browser';
import { setUpWalkCompany, type WalkCompany } from './screenWalk';

/** A phone held upright (below the spec's 768 px breakpoint) and a common laptop screen. */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'wide', width: 1440, height: 900 },
] as const;

type Size = (typeof SIZES)[number];

/** Waits until the screen shows its content: the title, no list placeholders, no spinners, then nothing moving. */
async function screenReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="list-skeleton"], .ant-skeleton, .ant-spin-spinning'), undefined, { timeout: 15_000 });
  await settle(page);
}

/**
 * What is wrong with the screen's layout, as sentences a person can act on: the page wider than
 * the screen, an action button (partly) off the screen, a table wider than its box (columns out of
 * sight), a table header or card title cut short, a word in a table broken across lines.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ');
      return `"${text.slice(0, 60)}"`;
    };
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide, wider than the ${width} px screen`);
    }
    for (const button of Array.from(document.querySelectorAll('main button, main [role="button"], main a.ant-btn'))) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < 0 || box.right > width + 0.5) {
        problems.push(`the button ${describe(button)} reaches from ${Math.round(box.left)} to ${Math.round(box.right)} px, outside the ${width} px screen`);
      }
    }
    for (const box of Array.from(document.querySelectorAll('main .ant-table-content, main .ant-table-body'))) {
      if (box.scrollWidth > box.clientWidth + 1) {
        problems.push(`a table is ${box.scrollWidth} px wide in a ${box.clientWidth} px box: its right-hand columns are out of sight`);
      }
    }
    for (const header of Array.from(document.querySelectorAll('main th'))) {
      const title = header.querySelector('.ant-table-column-title') ?? header;
      if (title.scrollWidth > title.clientWidth + 1) problems.push(`the table header ${describe(header)} is cut short`);
    }
    for (const title of Array.from(document.querySelectorAll('main .ant-card-head-title'))) {
      if (title.scrollWidth > title.clientWidth + 1) problems.push(`the card title ${describe(title)} is cut short`);
    }
    // A word broken across lines has more than one line box of its own.
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement?.closest('td, th') ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      // A hyphen is a fair place to break a word; only the letters between are kept together.
      for (const match of text.matchAll(/[^\s\-–]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        if (lines.size > 1) problems.push(`the word "${match[0]}" in a table is broken across lines`);
      }
    }
    return problems;
  });
}

/**
 * Each main screen on a phone (390 px) and a wide screen (1440 px), issue 24: the page is never
 * wider than the screen, every action button is on it, no table header is cut short and no word in
 * a table breaks across lines. The screenshots (test-results/screenshots/layout-*) are for a
 * person to look at.
 */
describe('the main screens on a phone and on a wide screen', () => {
  const newPage = suiteBrowser({ viewport: { width: 1280, height: 860 } });
  let company: WalkCompany;

  beforeAll(async () => {
    company = await setUpWalkCompany(newPage, 'layouts');
  }, 120_000);

  /** Visits each screen at the size, screenshots it and answers what is wrong with it. */
  async function walk(page: Page, size: Size, area: string, routes: Record<string, string>): Promise<string[]> {
    const found: string[] = [];
    for (const [name, route] of Object.entries(routes)) {
      await page.goto(`${baseUrl()}${route}`);
      await screenReady(page);
      await screenshot(page, `layout-${size.name}-${area}-${name}`);
      found.push(...(await layoutProblems(page)).map((problem) => `${size.width} px, ${route}: ${problem}`));
    }
    return found;
  }

  function expectNoProblems(found: string[]): void {
    if (found.length > 0) throw new Error(`${found.length} layout problem(s); see the screenshots test-results/screenshots/layout-*:\n${found.join('\n')}`);
  }

  it.each(SIZES)("lays out the operator's screens at $width px", async (size) => {
    const page = await newPage();
    await page.setViewportSize(size);
    await signIn(page, 'SYSTEM');
    expectNoProblems(
      await walk(page, size, 'system', {
        companies: '/system/companies',
        company: `/system/companies/${company.companyId}`,
        'consolidated-files': '/system/consolidated-files',
        tickets: '/system/tickets',
        audit: '/system/audit',
      }),
    );
  });

  it.each(SIZES)("lays out the company admin's screens at $width px", async (size) => {
    const page = await newPage();
    await page.setViewportSize(size);
    await signInAs(page, 'ADMIN', company.admin.email, company.admin.password);
    expectNoProblems(
      await walk(page, size, 'admin', {
        dashboard: '/admin',
        staff: '/admin/staff-management',
        clients: '/admin/client-management',
        'file-uploads': '/admin/file-uploads',
        'weekly-uploads': '/admin/weekly-uploads',
        tickets: '/admin/tickets',
        audit: '/admin/audit',
      }),
    );
  });

  it.each(SIZES)("lays out the staff member's screens at $width px", async (size) => {
    const page = await newPage();
    await page.setViewportSize(size);
    await signInAs(page, 'STAFF', company.staff.email, company.staff.password);
    expectNoProblems(
      await walk(page, size, 'staff', {
        dashboard: '/staff',
        clients: '/staff/clients',
        documents: `/staff/clients/${company.clients.rejected.id}/documents`,
        'weekly-uploads': '/staff/weekly-uploads',
        'file-uploads': '/staff/file-uploads',
        tickets: '/staff/tickets',
      }),
    );
  });
});
