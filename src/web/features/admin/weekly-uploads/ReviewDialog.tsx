import { Alert, Button, Descriptions, Flex, Input, Modal, Tabs, Typography } from 'antd';
import { useFormik } from 'formik';
import { useState } from 'react';
import { overrideReasonRequired, REASON_REQUIRED } from '@/common/overrideReason';
import type { FileType, FileVersion, ReviewInput, Upload, WeeklyDocumentRow } from '@/web/api/generated';
import { useGetCompanyUploadViewerQuery, useReviewWeeklyDocumentMutation } from '@/web/api/generated';
import { isInProgress } from '@/web/components/uploads/uploadStages';
import { UploadViewer, VIEWER_DIALOG_WIDTH } from '@/web/components/viewer/UploadViewer';
import { errorMessage } from '@/web/lib/errorMessage';
import { formatDateTime } from '@/web/lib/formatDate';
import { useToast } from '@/web/lib/useToast';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { OverrideReasonStep } from './OverrideReasonStep';
import { overrideReasonSchema, type OverrideReasonValues } from './overrideReasonSchema';

type Decision = ReviewInput['approval_status'];
type Notes = Record<FileType, string>;

const VERSIONS: { type: FileType; label: string; field: 'raw_notes' | 'consolidated_notes' | 'scrubbed_notes' }[] = [
  { type: 'raw', label: 'Raw File', field: 'raw_notes' },
  { type: 'consolidated', label: 'Consolidated', field: 'consolidated_notes' },
  { type: 'scrubbed', label: 'Scrubbed', field: 'scrubbed_notes' },
];
const NO_NOTES: Notes = { raw: '', consolidated: '', scrubbed: '' };
/** The verb of each decision, as the toasts of spec section 8 use it ('Failed to approved document' as shipped). */
const PAST: Record<Decision, string> = { APPROVED: 'approved', REJECTED: 'rejected' };

/** What is sent (spec 7.3): the decision, only the notes someone wrote, trimmed, and the reason to approve past errors when one was asked for. */
export function reviewBody(decision: Decision, notes: Notes, overrideReason?: string): ReviewInput {
  const body: ReviewInput = { approval_status: decision };
  for (const { type, field } of VERSIONS) {
    const note = notes[type].trim();
    if (note) body[field] = note;
  }
  if (overrideReason !== undefined) body.override_reason = overrideReason.trim();
  return body;
}

/** Whether a refusal is the server asking for a reason to approve an upload with errors. */
function asksForReason(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'data' in error && (error.data as { error?: unknown } | undefined)?.error === REASON_REQUIRED;
}

/** The errors the engine's summary counts for the upload, from the viewer's overview (null while unknown). */
function useErrorsFound(uploadId: string | undefined): number | null {
  const { currentData } = useGetCompanyUploadViewerQuery({ uploadId: uploadId ?? '' }, { skip: uploadId === undefined });
  return currentData?.data.summary?.issues.error ?? null;
}

/** Whether the upload is being processed again (after a mapping fix): there is nothing to decide on until it is done. */
function useProcessingAgain(uploadId: string | undefined): boolean {
  const live = useLiveUpload(uploadId);
  return live !== undefined && isInProgress(live.status);
}

/** Who uploaded, or 'Unknown' (spec 2.12) when the answer names nobody. */
function uploaderName(upload: Upload): string {
  return (upload.uploaded_by as Partial<Upload['uploaded_by']> | null)?.name || 'Unknown';
}

function VersionPane({ label, version, note, onNote }: { label: string; version: FileVersion; note: string; onNote: (note: string) => void }) {
  const id = `review-comments-${label.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Flex vertical gap="small">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'file', label: 'File', children: version.filename },
          { key: 'size', label: 'Size', children: `${version.file_size_mb.toFixed(2)} MB` },
        ]}
      />
      <Typography.Text strong id={id}>
        {`${label} Comments (optional)`}
      </Typography.Text>
      <Input.TextArea aria-labelledby={id} rows={3} value={note} onChange={(event) => onNote(event.target.value)} />
    </Flex>
  );
}

interface ReviewDialogProps {
  /** The row whose upload is reviewed; null keeps the dialog closed. */
  row: WeeklyDocumentRow | null;
  onClose: () => void;
}

/**
 * The review of a processed upload (spec 2.12): who uploaded what and when, the file viewer (opening
 * on the engine's summary, with every version's sheets to read and trace), a tab per version with
 * its file and optional comments, and the decision. Approving an upload whose scrub found errors
 * first asks for a written reason (also when the server is the one to say it has errors). A refused
 * decision says why and keeps the dialog open; closing forgets what was written. The admin can fix
 * a header's mapping from the viewer: the upload is processed again, and the decision waits for it.
 */
export function ReviewDialog({ row, onClose }: ReviewDialogProps) {
  const toast = useToast();
  const [notes, setNotes] = useState<Notes>(NO_NOTES);
  const [review, { isLoading, error, reset, originalArgs }] = useReviewWeeklyDocumentMutation();
  const upload = row?.upload ?? null;
  const available = VERSIONS.filter(({ type }) => upload?.file_versions[type]);
  const errorsFound = useErrorsFound(upload?.upload_id);
  const processingAgain = useProcessingAgain(upload?.upload_id);
  /** Why a reason is asked for, once Approve has asked for one; null before. */
  const [reasonPrompt, setReasonPrompt] = useState<string | null>(null);
  const reasonForm = useFormik<OverrideReasonValues>({
    initialValues: { reason: '' },
    validationSchema: overrideReasonSchema,
    onSubmit: ({ reason }) => decide('APPROVED', reason),
  });

  const close = () => {
    setNotes(NO_NOTES);
    setReasonPrompt(null);
    reasonForm.resetForm();
    reset();
    onClose();
  };

  const decide = async (decision: Decision, overrideReason?: string) => {
    if (!upload) return;
    try {
      await review({ fileProcessingId: upload.upload_id, reviewInput: reviewBody(decision, notes, overrideReason) }).unwrap();
      toast.success(`Document ${PAST[decision]} successfully`);
      close();
    } catch (failure) {
      if (asksForReason(failure)) setReasonPrompt(errorMessage(failure));
      else toast.error(`Failed to ${PAST[decision]} document`);
    }
  };

  const approve = () => {
    if (reasonPrompt !== null) void reasonForm.submitForm();
    else if (errorsFound) setReasonPrompt(overrideReasonRequired(errorsFound));
    else void decide('APPROVED');
  };

  const decided = originalArgs?.reviewInput.approval_status;
  const footer = (
    <Flex vertical gap="middle">
      {reasonPrompt !== null && <OverrideReasonStep prompt={reasonPrompt} form={reasonForm} />}
      <Flex justify="flex-end" gap="small">
        <Button onClick={close} disabled={isLoading}>
          Cancel
        </Button>
        <Button danger onClick={() => void decide('REJECTED')} loading={isLoading && decided === 'REJECTED'} disabled={isLoading || processingAgain}>
          Reject
        </Button>
        <Button type="primary" onClick={approve} loading={isLoading && decided === 'APPROVED'} disabled={isLoading || processingAgain}>
          Approve
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Modal open={row !== null} title="Review Upload" onCancel={() => !isLoading && close()} mask={{ closable: !isLoading }} footer={footer} width={VIEWER_DIALOG_WIDTH} destroyOnHidden>
      {row && upload && (
        <Flex vertical gap="middle">
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'client', label: 'Client', children: row.client.name },
              { key: 'document', label: 'Document', children: row.document.title },
              { key: 'uploader', label: 'Uploaded By', children: uploaderName(upload) },
              { key: 'date', label: 'Upload Date', children: formatDateTime(upload.upload_date) },
            ]}
          />
          <UploadViewer source={{ area: 'company', uploadId: upload.upload_id }} canFixMapping />
          <Tabs
            defaultActiveKey={available[0]?.type}
            items={VERSIONS.map(({ type, label }) => {
              const version = upload.file_versions[type];
              return {
                key: type,
                label: version ? label : `${label} (N/A)`,
                disabled: !version,
                children: version && (
                  <VersionPane label={label} version={version} note={notes[type]} onNote={(note) => setNotes((current) => ({ ...current, [type]: note }))} />
                ),
              };
            })}
          />
          {error && !asksForReason(error) && <Alert type="error" showIcon title={errorMessage(error, `Failed to ${decided ? PAST[decided] : 'review'} document`)} />}
        </Flex>
      )}
    </Modal>
  );
}
