import { Alert, Button, Descriptions, Flex, Input, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import type { FileType, FileVersion, ReviewInput, Upload, WeeklyDocumentRow } from '@/web/api/generated';
import { useReviewWeeklyDocumentMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { formatDateTime } from '@/web/lib/formatDate';
import { useToast } from '@/web/lib/useToast';

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

/** What is sent (spec 7.3): the decision and only the notes someone wrote, trimmed. */
export function reviewBody(decision: Decision, notes: Notes): ReviewInput {
  const body: ReviewInput = { approval_status: decision };
  for (const { type, field } of VERSIONS) {
    const note = notes[type].trim();
    if (note) body[field] = note;
  }
  return body;
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
 * The review of a processed upload (spec 2.12): who uploaded what and when, a tab per version with
 * its file and optional comments, and the decision. A refused decision says why and keeps the
 * dialog open; closing forgets what was written.
 */
export function ReviewDialog({ row, onClose }: ReviewDialogProps) {
  const toast = useToast();
  const [notes, setNotes] = useState<Notes>(NO_NOTES);
  const [review, { isLoading, error, reset, originalArgs }] = useReviewWeeklyDocumentMutation();
  const upload = row?.upload ?? null;
  const available = VERSIONS.filter(({ type }) => upload?.file_versions[type]);

  const close = () => {
    setNotes(NO_NOTES);
    reset();
    onClose();
  };

  const decide = async (decision: Decision) => {
    if (!upload) return;
    try {
      await review({ fileProcessingId: upload.upload_id, reviewInput: reviewBody(decision, notes) }).unwrap();
      toast.success(`Document ${PAST[decision]} successfully`);
      close();
    } catch {
      toast.error(`Failed to ${PAST[decision]} document`);
    }
  };

  const decided = originalArgs?.reviewInput.approval_status;
  const footer = (
    <Flex justify="flex-end" gap="small">
      <Button onClick={close} disabled={isLoading}>
        Cancel
      </Button>
      <Button danger onClick={() => void decide('REJECTED')} loading={isLoading && decided === 'REJECTED'} disabled={isLoading}>
        Reject
      </Button>
      <Button type="primary" onClick={() => void decide('APPROVED')} loading={isLoading && decided === 'APPROVED'} disabled={isLoading}>
        Approve
      </Button>
    </Flex>
  );

  return (
    <Modal open={row !== null} title="Review Upload" onCancel={() => !isLoading && close()} mask={{ closable: !isLoading }} footer={footer} width={640} destroyOnHidden>
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
          {error && <Alert type="error" showIcon title={errorMessage(error, `Failed to ${decided ? PAST[decided] : 'review'} document`)} />}
        </Flex>
      )}
    </Modal>
  );
}
