import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { UploadViewer } from '@/web/components/viewer/UploadViewer';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { answerLineage, answerOverview, answerRows, api, UPLOAD_ID, VIEWER } from './viewerAnswers';

function openViewer() {
  return renderWithProviders(<UploadViewer source={{ area: 'company', uploadId: UPLOAD_ID }} />);
}

const setupUser = () => userEvent.setup({ delay: null });

/** The version tab of that name (the Scrubbed version has a sheet named Scrubbed too; the version comes first). */
async function versionTab(name: string) {
  return (await screen.findAllByRole('tab', { name }))[0];
}

async function openScrubbed(user: ReturnType<typeof setupUser>) {
  await user.click(await versionTab('Scrubbed'));
  return screen.findByRole('grid', { name: 'Scrubbed rows' });
}

/** The scrolling body of a virtual grid. */
function holder(grid: HTMLElement): HTMLElement {
  return grid.querySelector('.ant-table-tbody-virtual-holder') as HTMLElement;
}

function cellWithText(grid: HTMLElement, text: string): HTMLElement {
  return within(grid).getByText(text).closest('[role="gridcell"]') as HTMLElement;
}

describe('the upload viewer', () => {
  test('opens on the summary: sheets read and skipped with why, rows, employees, hours, gross and each rule; a rule leads to its first Scrubbed row', async () => {
    answerOverview();
    const asked = answerRows();
    const user = setupUser();
    openViewer();

    expect(await screen.findByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('No header row was found.')).toBeInTheDocument();
    expect(screen.getByText('Skipped')).toBeInTheDocument();
    expect(screen.getByText('$1,234,567.89')).toBeInTheDocument();
    expect(screen.getByText('998')).toBeInTheDocument();
    expect(screen.getByText('40,250.5')).toBeInTheDocument();
    expect(screen.getByText('1 error, 1 warning')).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Negative hours/ }));
    expect(await versionTab('Scrubbed')).toHaveAttribute('aria-selected', 'true');
    const grid = await screen.findByRole('grid', { name: 'Scrubbed rows' });
    // The flagged row is marked, and its row number carries the mark.
    expect(await within(grid).findByText('E3')).toBeInTheDocument();
    expect(cellWithText(grid, 'E3').closest('.ant-table-row')).toHaveClass('viewer-row-error');
  });

  test('fetches the rows a window at a time as the grid scrolls, one window ahead, never the whole sheet', async () => {
    answerOverview();
    const asked = answerRows();
    const user = setupUser();
    openViewer();
    const grid = await openScrubbed(user);

    expect(await within(grid).findByText('E0')).toBeInTheDocument();
    expect(screen.getByText('1,000 rows')).toBeInTheDocument();
    await waitFor(() => expect(asked.map(({ offset }) => offset)).toEqual(['0', '200']));
    expect(asked.every(({ limit, version, sheet, filter }) => limit === '200' && version === 'scrubbed' && sheet === '0' && filter === 'all')).toBe(true);
    expect(within(grid).queryByText('E500')).not.toBeInTheDocument();

    const body = holder(grid);
    body.scrollTop = 500 * 39;
    fireEvent.scroll(body);
    expect((await within(grid).findAllByText(/^E5\d\d$/)).length).toBeGreaterThan(0);
    await waitFor(() => expect(asked.map(({ offset }) => offset)).toEqual(expect.arrayContaining(['400', '600'])));
    // Windows already here are not asked for again.
    expect(new Set(asked.map(({ offset }) => offset)).size).toBe(asked.length);
  });

  test('the filter shows only rows with errors, or only with warnings, counted by the server', async () => {
    answerOverview();
    const asked = answerRows();
    const user = setupUser();
    openViewer();
    let grid = await openScrubbed(user);
    await within(grid).findByText('E0');

    await user.click(screen.getByText('Only errors'));
    grid = await screen.findByRole('grid', { name: 'Scrubbed rows' });
    expect(await within(grid).findByText('E3')).toBeInTheDocument();
    expect(within(grid).queryByText('E0')).not.toBeInTheDocument();
    expect(screen.getByText('1 row')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ filter: 'errors', offset: '0' });

    await user.click(screen.getByText('Only warnings'));
    grid = await screen.findByRole('grid', { name: 'Scrubbed rows' });
    expect(await within(grid).findByText('E7')).toBeInTheDocument();
    expect(within(grid).queryByText('E3')).not.toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ filter: 'warnings' });
  });

  test('the cell an issue names is highlighted, with its message on hover', async () => {
    answerOverview();
    answerRows();
    const user = setupUser();
    openViewer();
    const grid = await openScrubbed(user);

    await within(grid).findByText('E3');
    const flagged = cellWithText(grid, '-4.00');
    expect(flagged).toHaveClass('viewer-cell-error');
    expect(within(flagged).getByRole('img', { name: 'Error: Hours cannot be negative.' })).toBeInTheDocument();
    // Only the cell the issue names: the rest of its row is not highlighted.
    expect(cellWithText(grid, 'Name 3')).not.toHaveClass('viewer-cell-error');

    await user.hover(within(flagged).getByText('-4.00'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Error: Hours cannot be negative.');
  });

  test('a Scrubbed cell shows where it came from, and Show in raw file opens the raw sheet at that row with the cell highlighted', async () => {
    answerOverview();
    const asked = answerRows();
    const traced = answerLineage();
    const user = setupUser();
    openViewer();
    const grid = await openScrubbed(user);

    await user.click(await within(grid).findByText('-4.00'));
    const lineage = await screen.findByRole('region', { name: 'Cell lineage' });
    expect(await within(lineage).findByText('Reg Hrs')).toBeInTheDocument();
    expect(within(lineage).getByText('Week 1')).toBeInTheDocument();
    expect(within(lineage).getByText('9')).toBeInTheDocument();
    expect(within(lineage).getByText('-4')).toBeInTheDocument();
    expect(traced.isDone()).toBe(true);

    await user.click(within(lineage).getByRole('button', { name: 'Show in raw file' }));
    expect(screen.getByRole('tab', { name: 'Raw' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Week 1' })).toHaveAttribute('aria-selected', 'true');
    const raw = await screen.findByRole('grid', { name: 'Week 1 rows' });
    await within(raw).findByText('raw 8 C');
    const cell = cellWithText(raw, 'raw 8 C');
    expect(cell).toHaveClass('viewer-cell-traced');
    expect(raw).toHaveAttribute('aria-activedescendant', cell.id);
    // The raw sheet names no columns: they are lettered.
    expect(within(raw).getByText('C')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ version: 'raw', sheet: '1', filter: 'all' });
  });

  test('with the keyboard: arrows move the selected cell, Enter opens its lineage, Escape closes it', async () => {
    answerOverview();
    answerRows();
    answerLineage();
    const user = setupUser();
    openViewer();
    const grid = await openScrubbed(user);
    await within(grid).findByText('E0');

    grid.focus();
    await user.keyboard('{ArrowDown}');
    expect(grid).toHaveAttribute('aria-activedescendant', cellWithText(grid, 'E0').id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowRight}{ArrowRight}');
    expect(grid).toHaveAttribute('aria-activedescendant', cellWithText(grid, '-4.00').id);
    expect(cellWithText(grid, '-4.00')).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Enter}');
    const lineage = await screen.findByRole('region', { name: 'Cell lineage' });
    expect(await within(lineage).findByText('Reg Hrs')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cell lineage' })).not.toBeInTheDocument());
  });

  test('choosing an Issues row opens the Scrubbed grid at the row it names', async () => {
    answerOverview();
    const asked = answerRows();
    const user = setupUser();
    openViewer();
    await openScrubbed(user);
    await user.click(screen.getByRole('tab', { name: 'Issues' }));
    const issues = await screen.findByRole('grid', { name: 'Issues rows' });

    await user.click(await within(issues).findByText('Hours cannot be negative.'));
    const grid = await screen.findByRole('grid', { name: 'Scrubbed rows' });
    await waitFor(() => expect(grid).toHaveAttribute('aria-activedescendant', cellWithText(grid, '-4.00').id));
    expect(cellWithText(grid, '-4.00')).toHaveClass('viewer-cell-traced');
    // The row was looked for among the flagged rows, not the whole sheet.
    expect(asked).toContainEqual(expect.objectContaining({ filter: 'errors', sheet: '0' }));
  });

  test('says the review is being prepared while the overview says PREPARING, asks again, then shows the grid', async () => {
    const preparing = api().get(VIEWER).reply(200, { success: true, data: { state: 'PREPARING', message: null, versions: [], summary: null } });
    const ready = answerOverview();
    const asked = answerRows();
    const user = setupUser();
    openViewer();
    expect(await screen.findByText('Preparing the review…')).toBeInTheDocument();
    expect(preparing.isDone()).toBe(true);
    expect(ready.isDone()).toBe(false);
    expect(screen.queryByRole('tab', { name: 'Summary' })).not.toBeInTheDocument();

    // asked again after a few seconds: now ready, the notice gives way to the viewer
    expect(await screen.findByRole('tab', { name: 'Summary' }, { timeout: 8000 })).toBeInTheDocument();
    expect(ready.isDone()).toBe(true);
    expect(screen.queryByText('Preparing the review…')).not.toBeInTheDocument();
    const grid = await openScrubbed(user);
    expect(await within(grid).findByText('E0')).toBeInTheDocument();
    expect(asked.length).toBeGreaterThan(0);
  });

  test("says why there is nothing to view, and a failure in the server's words", async () => {
    answerOverview({ state: 'UNAVAILABLE', message: 'Processing failed, so there is nothing to view.', versions: [], summary: null });
    openViewer();
    expect(await screen.findByText('Processing failed, so there is nothing to view.')).toBeInTheDocument();
  });

  test("a refused overview shows the server's message", async () => {
    api().get(VIEWER).reply(404, { success: false, message: 'Upload not found', error: 'NOT_FOUND' });
    openViewer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload not found');
  });
});

describe('a window of rows that failed to load', () => {
  test('says so in the grid and offers Retry, which asks for that window again', async () => {
    answerOverview();
    // Every window fails while the proxy stands in for the server.
    const failing = api().persist().get(`${VIEWER}/rows`).query(true);
    failing.reply(200, '<html>Bad gateway</html>');
    const user = setupUser();
    openViewer();
    const grid = await openScrubbed(user);
    const alert = await within(grid).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load rows');

    nock.removeInterceptor(failing);
    const asked = answerRows();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(grid).findByText('E0')).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ offset: '0', version: 'scrubbed' });
    expect(within(grid).queryByRole('alert')).not.toBeInTheDocument();
  });
});
