import { FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Form, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { CONSOLIDATED_FILE_ACCEPT, CONSOLIDATED_UPLOAD_MESSAGES, consolidatedFileProblem } from '@/common/uploadRules';
import { useUploadConsolidatedFileMutation } from '@/web/api/generated';
import { UploadProgressBar } from '@/web/components/uploads/UploadProgressBar';
import { useUploadProgress } from '@/web/components/uploads/useUploadProgress';
import { errorMessage } from '@/web/lib/errorMessage';
import { formatFileSize } from '@/web/lib/formatFileSize';
import { useToast } from '@/web/lib/useToast';
import { CompanySelect } from './CompanySelect';
import { useCompanyOptions } from './useCompanyOptions';

const UPLOAD_FAILED = 'Upload failed. Please try again.';
const UPLOAD_CANCELLED = 'Upload cancelled: nothing was saved.';

interface UploadConsolidatedFileDialogProps {
  open: boolean;
  /** The company the screen is filtered on: chosen already when the dialog opens. */
  initialCompanyId?: string;
  onClose: () => void;
}

/**
 * Uploads one consolidated payroll file for a company; the file is checked before it leaves. Each
 * message stays only as long as its cause: a refused file until another file is chosen, the missing
 * choice until both are made, the server's refusal until the choice changes. While the file goes
 * out, the share of it sent is shown; Cancel stops it (the server keeps nothing) and closes the dialog.
 */
export function UploadConsolidatedFileDialog({ open, initialCompanyId, onClose }: UploadConsolidatedFileDialogProps) {
  const toast = useToast();
  const [upload, { isLoading }] = useUploadConsolidatedFileMutation();
  const { progress, track, cancel, cancelled } = useUploadProgress();
  const [companyId, setCompanyId] = useState<string | undefined>(initialCompanyId);
  const [file, setFile] = useState<File | null>(null);
  const [askedWithoutChoice, setAskedWithoutChoice] = useState(false);
  const [serverFailure, setServerFailure] = useState<string | null>(null);
  const picker = useCompanyOptions(companyId);

  // Each opening starts from the company the screen is filtered on.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setCompanyId(initialCompanyId);
  }

  const fileProblem = file ? consolidatedFileProblem(file) : null;
  const missingChoice = askedWithoutChoice && (!file || !companyId) ? CONSOLIDATED_UPLOAD_MESSAGES.missing : null;
  const message = fileProblem ?? missingChoice ?? serverFailure;

  function close() {
    setCompanyId(undefined);
    setFile(null);
    setAskedWithoutChoice(false);
    setServerFailure(null);
    onClose();
  }

  function chooseCompany(next: string) {
    setCompanyId(next);
    setServerFailure(null);
  }

  function chooseFile(next: File) {
    setFile(next);
    setServerFailure(null);
  }

  async function submit() {
    if (!file || !companyId) {
      setAskedWithoutChoice(true);
      return;
    }
    if (fileProblem) return;
    setServerFailure(null);
    try {
      const answer = await track(file, () => upload({ companyId, body: { file } }));
      toast.success(`File uploaded successfully to ${answer.data.company?.name ?? picker.selectedLabel ?? ''}!`);
      close();
    } catch (error) {
      if (cancelled()) {
        toast.info(UPLOAD_CANCELLED);
        return;
      }
      setServerFailure(errorMessage(error, UPLOAD_FAILED));
      toast.error(UPLOAD_FAILED);
    }
  }

  return (
    <Modal
      open={open}
      title="Upload Consolidated File"
      okText={isLoading ? 'Uploading...' : 'Upload'}
      okButtonProps={{ loading: isLoading }}
      onOk={() => void submit()}
      onCancel={() => {
        // Cancel while the file goes out stops it too
        if (isLoading) cancel();
        close();
      }}
      destroyOnHidden
    >
      <Form layout="vertical" component={false}>
        {message && <Alert type="error" showIcon title={message} style={{ marginBottom: 12 }} />}
        <Form.Item label="Company" htmlFor="upload-company">
          <CompanySelect id="upload-company" placeholder="Select a company" picker={picker} value={companyId} onChange={chooseCompany} />
        </Form.Item>
        <Form.Item label="File" htmlFor="upload-file" extra="Excel (.xls, .xlsx, .xlsm) or CSV, under 100 MB">
          <Upload.Dragger
            id="upload-file"
            // Files of another type still arrive, so the dialog can say why it refuses them.
            accept={{ format: CONSOLIDATED_FILE_ACCEPT, filter: 'native' }}
            multiple={false}
            maxCount={1}
            showUploadList={false}
            fileList={[]}
            // The file waits for Upload; nothing is sent when it is chosen.
            beforeUpload={(picked) => {
              chooseFile(picked);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden />
            </p>
            <p className="ant-upload-text">Click or drag a file to this area</p>
          </Upload.Dragger>
        </Form.Item>
        {file && (
          <Typography.Paragraph style={{ margin: 0 }} data-testid="selected-file">
            <FileExcelOutlined aria-hidden style={{ color: '#1d6f42', marginRight: 8 }} />
            {`${file.name} (${formatFileSize(file.size)})`}
          </Typography.Paragraph>
        )}
        {progress && <UploadProgressBar progress={progress} onCancel={cancel} />}
      </Form>
    </Modal>
  );
}
