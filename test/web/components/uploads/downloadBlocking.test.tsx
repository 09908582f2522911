import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import nock from 'nock';
import { useState } from 'react';
import { DownloadMenu } from '@/web/components/uploads/DownloadMenu';
import type { UploadDownloadSource } from '@/web/components/uploads/useUploadDownload';
import { apiBase } from '@/web/lib/apiBase';
import { API_ORIGIN, renderWithProviders } from '../../../helpers/renderWithProviders';

const UPLOAD = 'a1b2c3d4-0000-4000-8000-000000000001';

const source: UploadDownloadSource = {
  url: (uploadId, type) => `${apiBase}/staff/download/${uploadId}?type=${type}`,
  fallbackName: (type) => `document_${type}.xlsx`,
  succeeded: (type, title) => `${title} (${type}) downloaded successfully`,
  failed: () => 'Failed to download file. Please try again.',
};

/** Two menus of the same upload, as the client's documents show it, on a screen that can be left and opened again. */
function TwoMenus() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown((now) => !now)}>
        {shown ? 'Leave' : 'Come back'}
      </button>
      {shown && (
        <>
          <section aria-label="This week">
            <DownloadMenu uploadId={UPLOAD} documentTitle="Bakery Payroll" versions={['raw', 'scrubbed']} source={source} />
          </section>
          <section aria-label="History">
            <DownloadMenu uploadId={UPLOAD} documentTitle="Bakery Payroll" versions={['raw', 'scrubbed']} source={source} />
          </section>
        </>
      )}
    </>
  );
}

describe('download blocking, kept once per upload and file type for the whole tab', () => {
  let saved: string[];

  beforeEach(() => {
    saved = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    nock.cleanAll();
  });

  test('a file downloading from one menu is blocked in the other, and still after leaving the screen and coming back', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const file = nock(API_ORIGIN)
      .get(`/api/staff/download/${UPLOAD}`)
      .query({ type: 'raw' })
      .reply(async () => {
        await gate;
        return [200, Buffer.from('PK'), { 'content-disposition': 'attachment; filename="Bakery 2026-03-02 raw.xlsx"' }];
      });
    const user = userEvent.setup();
    renderWithProviders(<TwoMenus />);

    const [first, second] = screen.getAllByRole('button', { name: /Download/ });
    await user.click(first);
    await user.click(await screen.findByRole('menuitem', { name: 'Raw file' }));
    await user.click(second);
    const busy = await screen.findByRole('menuitem', { name: 'Raw file (downloading...)' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(screen.getByRole('button', { name: 'Come back' }));
    await user.click(screen.getAllByRole('button', { name: /Download/ })[1]);
    expect(await screen.findByRole('menuitem', { name: 'Raw file (downloading...)' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Scrubbed file' })).not.toHaveAttribute('aria-disabled', 'true');

    release();
    await waitFor(() => expect(saved).toEqual(['Bakery 2026-03-02 raw.xlsx']));
    expect(file.isDone()).toBe(true);
    expect(await screen.findByRole('menuitem', { name: 'Raw file' })).not.toHaveAttribute('aria-disabled', 'true');
  });
});
