import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UploadViewer } from '@/web/components/viewer/UploadViewer';
import type { ViewerSource } from '@/web/components/viewer/viewerSource';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { chooseOption } from '../../system/systemScreens';
import { answerRows, api, overview, UPLOAD_ID } from './viewerAnswers';

const SOURCES_COLUMNS = ['Sheet', 'Hidden', 'Status', 'Header Row', 'Column Mapping', 'Unmapped Headers'];

/** Two sheets read, each with its mapping; a week-over-week warning about a header, and the Sources sheet. */
const withMapping = {
  ...overview,
  versions: [
    overview.versions[0],
    {
      version: 'consolidated',
      sheets: [...overview.versions[1].sheets, { index: 1, name: 'Sources', kind: 'sources', rowCount: 2, columns: SOURCES_COLUMNS }],
    },
    overview.versions[2],
  ],
  summary: {
    ...overview.summary,
    sheets: [
      { name: 'Cover', hidden: false, used: false, reason: 'No header row was found.', headerRow: null, rowsRead: 2, dataRows: 0, mapping: [] },
      { name: 'Week 1', hidden: false, used: true, reason: null, headerRow: 4, rowsRead: 1006, dataRows: 1000, mapping: [{ header: 'Reg Hrs', column: 'Regular Hours' }] },
      { name: 'Downtown', hidden: false, used: true, reason: null, headerRow: 1, rowsRead: 5, dataRows: 4, mapping: [{ header: 'OT Hrs', column: 'OT Hrs' }] },
    ],
    issuesByRule: [...overview.summary.issuesByRule, { rule: 'header-remapped', severity: 'warning', label: 'Header mapped differently', count: 1, firstRow: null }],
  },
};

const sourcesRows = [
  { index: 0, number: 2, cells: ['Week 1', 'No', 'Used', '4', 'Reg Hrs -> Regular Hours', null], severity: null, issues: [] },
  { index: 1, number: 3, cells: ['Downtown', 'No', 'Used', '1', 'OT Hrs -> OT Hrs', 'OT Hrs'], severity: null, issues: [] },
];

function openViewer(source: ViewerSource, canFixMapping?: boolean) {
  const viewer = source.area === 'system' ? `/api/system/consolidated-files/${source.fileId}/viewer` : `/api/${source.area}/uploads/${source.uploadId}/viewer`;
  api().get(viewer).reply(200, { success: true, data: withMapping });
  return renderWithProviders(<UploadViewer source={source} canFixMapping={canFixMapping} />);
}

const setupUser = () => userEvent.setup({ delay: null });

describe("the viewer's mapping fix", () => {
  test("the Sources sheet fixes the mapping of the selected row's sheet", async () => {
    api()
      .get(`/api/company/uploads/${UPLOAD_ID}/viewer/rows`)
      .query({ version: 'consolidated', sheet: '1', offset: '0', limit: '200', filter: 'all' })
      .reply(200, { success: true, data: { offset: 0, total: 2, rows: sourcesRows } });
    answerRows();
    const user = setupUser();
    openViewer({ area: 'company', uploadId: UPLOAD_ID }, true);
    await user.click((await screen.findAllByRole('tab', { name: 'Consolidated' }))[0]);
    await user.click(await screen.findByRole('tab', { name: 'Sources' }));
    const grid = await screen.findByRole('grid', { name: 'Sources rows' });
    await user.click(await within(grid).findByText('Downtown'));

    await user.click(screen.getByRole('button', { name: 'Fix mapping' }));
    const fix = (await screen.findByRole('form', { name: 'Fix mapping' })).closest<HTMLElement>('[role="dialog"]')!;
    // Only sheets whose headers were read can be fixed, and the row chosen is the sheet the form opens on.
    expect(within(fix).getByRole('combobox', { name: 'Sheet' }).closest('.ant-select')).toHaveTextContent('Downtown');
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Header' }), 'OT Hrs → kept as extra column');
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Sheet' }), 'Week 1');
    const sheetChoices = Array.from(document.querySelectorAll('.ant-select-dropdown')).find((dropdown) => dropdown.textContent?.includes('Week 1'));
    expect(Array.from(sheetChoices!.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent)).toEqual(['Week 1', 'Downtown']);
    // Another sheet has other headers: the header chosen goes.
    expect(within(fix).getByRole('combobox', { name: 'Header' }).closest('.ant-select')).not.toHaveTextContent('OT Hrs');
    await chooseOption(user, within(fix).getByRole('combobox', { name: 'Header' }), 'Reg Hrs → Regular Hours');
  });

  test('a staff member reviewing the same upload is offered no fix', async () => {
    openViewer({ area: 'staff', uploadId: UPLOAD_ID }, true);
    expect(await screen.findByRole('button', { name: /Header mapped differently/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fix mapping/ })).not.toBeInTheDocument();
  });

  test('an admin viewer opened without the capability offers no fix either', async () => {
    openViewer({ area: 'company', uploadId: UPLOAD_ID });
    expect(await screen.findByRole('button', { name: /Header mapped differently/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fix mapping/ })).not.toBeInTheDocument();
  });
});
