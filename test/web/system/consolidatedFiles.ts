/** Stored files, picked files and the way into the consolidated files screen, shared by its suites. */
import { fireEvent, screen, within } from '@testing-library/react';
import { api, company, companyId, findDialog, openSystemScreen, pageOf, type setupUser } from './systemScreens';

export const MB = 1024 * 1024;
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function storedFile(index: number, extra: Record<string, unknown> = {}) {
  return {
    id: `file-${index}`,
    file_name: `payroll-${index}.xlsx`,
    drive_file_id: `drive-${index}`,
    view_url: `https://files.example.test/view/drive-${index}`,
    upload_date: '2026-03-04T14:05:00.000Z',
    company: { id: companyId(1), name: 'Company 1' },
    uploaded_by: { name: 'Sam Operator', email: 'sam@platform.test' },
    ...extra,
  };
}

/** The first hundred companies, which the company pickers list. */
function expectCompanies() {
  api().get('/api/system/companies').query({ page: 1, limit: 100 }).reply(200, pageOf('companies', [company(1), company(2)], { limit: 100 }));
}

export function openFiles(query = '') {
  expectCompanies();
  return openSystemScreen(`/system/consolidated-files${query}`);
}

/** Picks a file in the dialog's file input, the way a browser hands it over (the dialog takes it a moment later). */
export async function pickFile(dialog: HTMLElement, file: File) {
  fireEvent.change(within(dialog).getByLabelText('File'), { target: { files: [file] } });
  await within(dialog).findByText(`${file.name} (`, { exact: false });
}

export function fileOf(name: string, type: string, size?: number): File {
  const file = new File(['a,b\n1,2\n'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

export async function openUploadDialog(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Upload File' }));
  return findDialog('Upload Consolidated File');
}
