import { FileExcelOutlined } from '@ant-design/icons';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { CONSOLIDATED_FILE_ACCEPT, CONSOLIDATED_UPLOAD_MESSAGES, consolidatedFileProblem } from '@/common/uploadRules';
import { useUploadConsolidatedFileMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { formatMegabytes } from '@/web/lib/formatFileSize';
import { useToast } from '@/web/lib/useToast';

const UPLOAD_FAILED = 'Upload failed. Please try again.';

interface UploadConsolidatedFileDialogProps {
  open: boolean;
  companies: { value: string; label: string }[];
  onClose: () => void;
}

/** Uploads one consolidated payroll file for a company; the file is checked before it leaves. */
export function UploadConsolidatedFileDialog({ open, companies, onClose }: UploadConsolidatedFileDialogProps) {
  const toast = useToast();
  const [upload, { isLoading }] = useUploadConsolidatedFileMutation();
  const [companyId, setCompanyId] = useState<string | undefined>(undefined);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setCompanyId(undefined);
    setFile(null);
    setFailure(null);
    onClose();
  }

  function pick(picked: File | null) {
    setFile(picked);
    setFailure(picked ? consolidatedFileProblem(picked) : null);
  }

  async function submit() {
    if (!file || !companyId) {
      setFailure(CONSOLIDATED_UPLOAD_MESSAGES.missing);
      return;
    }
    const problem = consolidatedFileProblem(file);
    if (problem) {
      setFailure(problem);
      return;
    }
    setFailure(null);
    try {
      const answer = await upload({ companyId, body: { file } }).unwrap();
      const companyName = answer.data.company?.name ?? companies.find((company) => company.value === companyId)?.label ?? '';
      toast.success(`File uploaded successfully to ${companyName}!`);
      close();
    } catch (error) {
      setFailure(errorMessage(error, UPLOAD_FAILED));
      toast.error(UPLOAD_FAILED);
    }
  }

  return (
    <Modal
      open={open}
      title="Upload Consolidated File"
      okText={isLoading ? 'Uploading...' : 'Upload'}
      okButtonProps={{ loading: isLoading }}
      cancelButtonProps={{ disabled: isLoading }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
        <Form.Item label="Company" htmlFor="upload-company">
          <Select
            id="upload-company"
            placeholder="Select a company"
            showSearch={{ optionFilterProp: 'label' }}
            options={companies}
            value={companyId}
            onChange={setCompanyId}
          />
        </Form.Item>
        <Form.Item label="File" htmlFor="upload-file" extra="Excel (.xls, .xlsx, .xlsm) or CSV, under 100 MB">
          <input
            id="upload-file"
            type="file"
            accept={CONSOLIDATED_FILE_ACCEPT}
            onChange={(event) => pick(event.target.files?.[0] ?? null)}
          />
        </Form.Item>
        {file && (
          <Typography.Paragraph style={{ margin: 0 }} data-testid="selected-file">
            <FileExcelOutlined aria-hidden style={{ color: '#1d6f42', marginRight: 8 }} />
            {file.name} ({formatMegabytes(file.size)})
          </Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
