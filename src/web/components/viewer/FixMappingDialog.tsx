import { Alert, Checkbox, Form, Modal, Select, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { CANONICAL_COLUMNS, isCanonicalColumn } from '@/common/canonicalColumns';
import { useFixUploadMappingMutation, type ViewerSummary } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { fieldStatus } from '@/web/lib/fieldStatus';
import { useToast } from '@/web/lib/useToast';
import { useTrackUpload } from '@/web/realtime/useLiveProcessing';
import { KEEP_AS_EXTRA, mappingFixBody, mappingFixSchema, type MappingFixValues } from './mappingFixSchema';

type SheetFound = ViewerSummary['sheets'][number];

/** Where a fix starts: the sheet it is about (a Sources row's), or null to choose it in the form. */
export interface MappingFixStart {
  sheet: string | null;
}

const FIX_FAILED = 'Failed to fix the mapping. Please try again.';
export const FIX_QUEUED = 'Mapping fixed: the upload is being processed again with it.';

const COLUMN_OPTIONS = [
  ...CANONICAL_COLUMNS.map((column) => ({ value: column, label: column })),
  { value: KEEP_AS_EXTRA, label: 'Keep as extra column' },
];

/** How the run mapped a header, as the header select shows it. */
function headerLabel({ header, column }: SheetFound['mapping'][number]): string {
  return isCanonicalColumn(column) ? `${header} → ${column}` : `${header} → kept as extra column`;
}

/** The sheets whose headers were read: only their headers can be fixed. */
function mappedSheets(sheets: SheetFound[]): SheetFound[] {
  return sheets.filter((sheet) => sheet.used && sheet.mapping.length > 0);
}

interface FixMappingDialogProps {
  uploadId: string;
  sheets: SheetFound[];
  start: MappingFixStart;
  onClose: () => void;
}

/**
 * An admin's fix of how one header of the client's workbooks maps: the sheet and header as this run
 * read them, and a payroll column or 'Keep as extra column'. The server keeps the fix in the client's
 * profile and processes the upload again; this tab follows that run (the viewer shows its progress,
 * then the new summary). A refusal keeps the dialog open with the server's reason.
 */
export function FixMappingDialog({ uploadId, sheets, start, onClose }: FixMappingDialogProps) {
  const toast = useToast();
  const track = useTrackUpload();
  const [fixMapping] = useFixUploadMappingMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const choices = mappedSheets(sheets);

  const form = useFormik<MappingFixValues>({
    initialValues: { sheet: start.sheet ?? choices[0]?.name ?? '', header: '', column: '', everySheet: false },
    validationSchema: mappingFixSchema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const { data } = await fixMapping({ uploadId, mappingFixInput: mappingFixBody(values) }).unwrap();
        track({ processingId: data.processingId, jobId: data.jobId });
        toast.success(FIX_QUEUED);
        onClose();
      } catch (error) {
        setFailure(errorMessage(error, FIX_FAILED));
      }
    },
  });
  const headers = choices.find(({ name }) => name === form.values.sheet)?.mapping ?? [];

  /** Another sheet has other headers: the header chosen goes. */
  const chooseSheet = (sheet: string) => void form.setValues({ ...form.values, sheet, header: '' });

  return (
    <Modal
      open
      title="Fix mapping"
      okText="Fix and process again"
      okButtonProps={{ loading: form.isSubmitting }}
      onOk={() => void form.submitForm()}
      onCancel={() => !form.isSubmitting && onClose()}
      destroyOnHidden
    >
      <form noValidate aria-label="Fix mapping" onSubmit={form.handleSubmit}>
        <Form layout="vertical" component={false}>
          <Typography.Paragraph type="secondary">
            The fix is kept for this client and used from now on; this upload is processed again with it.
          </Typography.Paragraph>
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
          <Form.Item label="Sheet" htmlFor="mapping-fix-sheet" {...fieldStatus(form, 'sheet')}>
            <Select<string>
              id="mapping-fix-sheet"
              virtual={false}
              value={form.values.sheet || undefined}
              options={choices.map(({ name }) => ({ value: name, label: name }))}
              onChange={chooseSheet}
              onBlur={() => void form.setFieldTouched('sheet')}
            />
          </Form.Item>
          <Form.Item label="Header" htmlFor="mapping-fix-header" {...fieldStatus(form, 'header')}>
            <Select<string>
              id="mapping-fix-header"
              virtual={false}
              placeholder="Choose a header"
              value={form.values.header || undefined}
              options={headers.map((mapped) => ({ value: mapped.header, label: headerLabel(mapped) }))}
              onChange={(header) => void form.setFieldValue('header', header)}
              onBlur={() => void form.setFieldTouched('header')}
            />
          </Form.Item>
          <Form.Item label="Column" htmlFor="mapping-fix-column" {...fieldStatus(form, 'column')}>
            <Select<string>
              id="mapping-fix-column"
              virtual={false}
              placeholder="Choose a payroll column"
              value={form.values.column || undefined}
              options={COLUMN_OPTIONS}
              onChange={(column) => void form.setFieldValue('column', column)}
              onBlur={() => void form.setFieldTouched('column')}
            />
          </Form.Item>
          <Checkbox checked={form.values.everySheet} onChange={(event) => void form.setFieldValue('everySheet', event.target.checked)}>
            Use this fix for the header in every sheet
          </Checkbox>
          {/* Enter in a field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </form>
    </Modal>
  );
}
