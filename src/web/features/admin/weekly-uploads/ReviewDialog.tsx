import { Alert, Button, Descriptions, Flex, Modal, Tabs } from 'antd';
import { useFormik } from 'formik';
import { useRef, useState } from 'react';
import { overrideReasonRequired, REASON_REQUIRED } from '@/common/overrideReason';
import type { FileType, ReviewInput, WeeklyDocumentRow, WeeklyUpload } from '@/web/api/generated';
import { useGetCompanyUploadQuery, useGetCompanyUploadViewerQuery, useReviewWeeklyDocumentMutation } from '@/web/api/generated';
import { LoadError } from '@/web/components/LoadError';
import { isInProgress } from '@/web/components/uploads/uploadStages';
import { UploadViewer, VIEWER_DIALOG_WIDTH, type ViewerTab } from '@/web/components/viewer/UploadViewer';
import { errorMessage } from '@/web/lib/errorMessage';
import { formatDateTime } from '@/web/lib/formatDate';
import { useToast } from '@/web/lib/useToast';
import { useLiveUpload } from '@/web/realtime/useLiveProcessing';
import { OverrideReasonStep, type ReasonFieldRef } from './OverrideReasonStep';
import { overrideReasonSchema, type OverrideReasonValues } from './overrideReasonSchema';
import { ReviewVersionPane } from './ReviewVersionPane';
import { reviewNotesSchema, type ReviewNotesValues } from './reviewNotesSchema';

type Decision = ReviewInput['approval_status'];

const VERSIONS: { type: FileType; label: string; field: keyof ReviewNotesValues }[] = [
  { type: 'raw', label: 'Raw File', field: 'raw_notes' },
  { type: 'consolidated', label: 'Consolidated', field: 'consolidated_notes' },
  { type: 'scrubbed', label: 'Scrubbed', field: 'scrubbed_notes' },
];
const NO_NOTES: ReviewNotesValues = { raw_notes: '', consolidated_notes: '', scrubbed_notes: '' };
/** The viewer's tab of the engine's summary, offered first when the upload has one. */
const SUMMARY = 'summary';
/** The verb of each decision, as the toasts of spec section 8 use it ('Failed to approved document' as shipped). */
const PAST: Record<Decision, string> = { APPROVED: 'approved', REJECTED: 'rejected' };

/** What is sent (spec 7.3): the decision, only the notes someone wrote, trimmed, and the reason to approve past errors when one was asked for. */
export function reviewBody(decision: Decision, notes: ReviewNotesValues, overrideReason?: string): ReviewInput {
  const body: ReviewInput = { approval_status: decision };
  for (const { field } of VERSIONS) {
    const note = notes[field]?.trim();
    if (note) body[field] = note;
  }
  if (overrideReason !== undefined) body.override_reason = overrideReason.trim();
  return body;
}

/** Whether a refusal is the server asking for a reason to approve an upload with errors. */
function asksForReason(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'data' in error && (error.data as { error?: unknown } | undefined)?.error === REASON_REQUIRED;
}

/**
 * What the engine's summary says of the upload, from the viewer's overview: the errors it counts (null
 * while unknown), and whether there is a summary to show.
 */
function useScrubFindings(uploadId: string | undefined): { errorsFound: number | null; hasSummary: boolean } {
  const { currentData } = useGetCompanyUploadViewerQuery({ uploadId: uploadId ?? '' }, { skip: uploadId === undefined });
  const overview = currentData?.data;
  // While the viewer is prepared again (after a mapping fix) its summary is on its way: the tab stays.
  return { errorsFound: overview?.summary?.issues.error ?? null, hasSummary: !!overview?.summary || overview?.state === 'PREPARING' };
}

/** Whether the upload is being processed again (after a mapping fix): there is nothing to decide on until it is done. */
function useProcessingAgain(uploadId: string | undefined): boolean {
  const live = useLiveUpload(uploadId);
  return live !== undefined && isInProgress(live.status);
}

/** Who uploaded, or 'Unknown' (spec 2.12) when the answer names nobody. */
function uploaderName(upload: WeeklyUpload): string {
  return (upload.uploaded_by as Partial<WeeklyUpload['uploaded_by']> | null)?.name || 'Unknown';
}

/**
 * The upload of the opened row in full: its versions' files and sizes (the list carries only which
 * versions exist). Its cache entry follows the upload's live updates and decisions.
 */
function useOpenedUpload(uploadId: string | undefined) {
  const { currentData, error, isFetching, refetch } = useGetCompanyUploadQuery({ uploadId: uploadId ?? '' }, { skip: uploadId === undefined });
  return { versions: currentData?.data.upload.file_versions, error: currentData ? undefined : error, isFetching, refetch };
}

interface ReviewDialogProps {
  /** The row whose upload is reviewed; null keeps the dialog closed. */
  row: WeeklyDocumentRow | null;
  onClose: () => void;
}

/** The dialog's body scrolls under its header and footer, so the decision is always in view, on any screen. */
const LAYOUT = {
  container: { display: 'flex', flexDirection: 'column', maxHeight: 'calc(100vh - 32px)' },
  body: { flex: '1 1 auto', minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' },
} as const;

/**
 * The review of a processed upload (spec 2.12): who uploaded what and when, then one switcher over
 * the engine's summary and the versions; a version's tab holds its file, its size and the admin's
 * optional comments, above the viewer showing its sheets. The decision sits in a footer that stays in
 * view while the body scrolls. When the scrub found errors, the reason to approve anyway is asked for
 * up front, above the buttons (and also when the server is the one to say the upload has errors). A
 * refused decision says why and keeps the dialog open; closing forgets what was written. The admin
 * can fix a header's mapping from the viewer: the upload is processed again, and the decision waits.
 */
export function ReviewDialog({ row, onClose }: ReviewDialogProps) {
  const toast = useToast();
  const [review, { isLoading, error, reset, originalArgs }] = useReviewWeeklyDocumentMutation();
  const upload = row?.upload ?? null;
  // Which versions exist is in the row; their files and sizes come with the opened upload.
  const available = VERSIONS.filter(({ type }) => upload?.versions.includes(type));
  const opened = useOpenedUpload(upload?.upload_id);
  const { errorsFound, hasSummary } = useScrubFindings(upload?.upload_id);
  const processingAgain = useProcessingAgain(upload?.upload_id);
  const [chosenTab, setChosenTab] = useState<ViewerTab | null>(null);
  const tab: ViewerTab = chosenTab ?? (hasSummary ? SUMMARY : (available[0]?.type ?? SUMMARY));
  /** The server's words when it asked for a reason the dialog did not know to ask for; null otherwise. */
  const [serverPrompt, setServerPrompt] = useState<string | null>(null);
  const reasonPrompt = serverPrompt ?? (errorsFound ? overrideReasonRequired(errorsFound) : null);
  const reasonField = useRef<ReasonFieldRef>(null);
  const notesForm = useFormik<ReviewNotesValues>({
    initialValues: NO_NOTES,
    validationSchema: reviewNotesSchema,
    onSubmit: () => undefined,
  });
  const reasonForm = useFormik<OverrideReasonValues>({
    initialValues: { reason: '' },
    validationSchema: overrideReasonSchema,
    onSubmit: ({ reason }) => decide('APPROVED', reason),
  });

  const close = () => {
    notesForm.resetForm();
    reasonForm.resetForm();
    setServerPrompt(null);
    setChosenTab(null);
    reset();
    onClose();
  };

  /** Whether every comment may be sent; otherwise the first version whose comment may not is shown with its message. */
  const notesValid = async (): Promise<boolean> => {
    const errors = await notesForm.validateForm();
    const wrong = VERSIONS.find(({ field }) => errors[field]);
    if (!wrong) return true;
    void notesForm.setTouched({ raw_notes: true, consolidated_notes: true, scrubbed_notes: true }, false);
    setChosenTab(wrong.type);
    return false;
  };

  const decide = async (decision: Decision, overrideReason?: string) => {
    if (!upload) return;
    try {
      await review({ fileProcessingId: upload.upload_id, reviewInput: reviewBody(decision, notesForm.values, overrideReason) }).unwrap();
      toast.success(`Document ${PAST[decision]} successfully`);
      close();
    } catch (failure) {
      if (asksForReason(failure)) setServerPrompt(errorMessage(failure));
      else toast.error(`Failed to ${PAST[decision]} document`);
    }
  };

  const approve = async () => {
    if (!(await notesValid())) return;
    if (reasonPrompt === null) return decide('APPROVED');
    const errors = await reasonForm.validateForm();
    if (errors.reason) {
      void reasonForm.setTouched({ reason: true }, false);
      reasonField.current?.focus();
      return;
    }
    await reasonForm.submitForm();
  };

  const reject = async () => {
    if (await notesValid()) await decide('REJECTED');
  };

  const decided = originalArgs?.reviewInput.approval_status;
  const footer = (
    <Flex vertical gap="middle">
      {reasonPrompt !== null && <OverrideReasonStep prompt={reasonPrompt} form={reasonForm} autoFocus={serverPrompt !== null} fieldRef={reasonField} />}
      <Flex justify="flex-end" gap="small" wrap>
        <Button onClick={close} disabled={isLoading}>
          Cancel
        </Button>
        <Button danger onClick={() => void reject()} loading={isLoading && decided === 'REJECTED'} disabled={isLoading || processingAgain}>
          Reject
        </Button>
        <Button type="primary" onClick={() => void approve()} loading={isLoading && decided === 'APPROVED'} disabled={isLoading || processingAgain}>
          Approve
        </Button>
      </Flex>
    </Flex>
  );

  return (
    <Modal
      open={row !== null}
      title="Review Upload"
      onCancel={() => !isLoading && close()}
      mask={{ closable: !isLoading }}
      footer={footer}
      width={VIEWER_DIALOG_WIDTH}
      centered
      styles={LAYOUT}
      destroyOnHidden
    >
      {row && upload && (
        <Flex vertical gap="middle">
          <Descriptions
            size="small"
            column={{ xs: 1, md: 2 }}
            bordered
            items={[
              { key: 'client', label: 'Client', children: row.client.name },
              { key: 'document', label: 'Document', children: row.document.title },
              { key: 'uploader', label: 'Uploaded By', children: uploaderName(upload) },
              { key: 'date', label: 'Upload Date', children: formatDateTime(upload.upload_date) },
            ]}
          />
          <Tabs
            activeKey={tab}
            onChange={(key) => setChosenTab(key as ViewerTab)}
            items={[
              ...(hasSummary ? [{ key: SUMMARY, label: 'Summary' }] : []),
              ...VERSIONS.map(({ type, label, field }) => {
                const stored = upload.versions.includes(type);
                return {
                  key: type,
                  label: stored ? label : `${label} (N/A)`,
                  disabled: !stored,
                  children: stored && <ReviewVersionPane label={label} version={opened.versions?.[type]} field={field} form={notesForm} />,
                };
              }),
            ]}
          />
          {opened.error !== undefined && (
            <LoadError error={opened.error} fallback="Failed to load the upload's files" onRetry={() => void opened.refetch()} retrying={opened.isFetching} />
          )}
          <UploadViewer source={{ area: 'company', uploadId: upload.upload_id }} canFixMapping control={{ tab, onTabChange: setChosenTab }} />
          {error && !asksForReason(error) && <Alert type="error" showIcon title={errorMessage(error, `Failed to ${decided ? PAST[decided] : 'review'} document`)} />}
        </Flex>
      )}
    </Modal>
  );
}
