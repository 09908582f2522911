import { useState } from 'react';
import { WEEKLY_UPLOAD_MESSAGES, weeklyDocumentProblem } from '@/common/uploadRules';
import { useReuploadRequiredDocumentMutation, useUploadRequiredDocumentMutation } from '@/web/api/generated';
import { useUploadProgress } from '@/web/components/uploads/useUploadProgress';
import { errorMessage } from '@/web/lib/errorMessage';
import { useToast } from '@/web/lib/useToast';
import { useTrackUpload } from '@/web/realtime/useLiveProcessing';

export const QUEUE_FAILED_MESSAGE = 'Failed to queue the document upload. Please try again.';
export const UPLOAD_CANCELLED_MESSAGE = 'Upload cancelled: nothing was saved.';

/** Why a chosen file is refused before it is sent (spec section 5), or null. */
export function documentFileProblem(file: File): string | null {
  const problem = weeklyDocumentProblem(file);
  return problem === null ? null : problem || WEEKLY_UPLOAD_MESSAGES.invalid;
}

/** The upload this hook last queued, and for which week: shown until the week's list has it. */
export interface QueuedUpload {
  id: string;
  weekStart: string;
}

/**
 * Sends one weekly document and follows its processing. A file that fails the checks of spec
 * section 5 never leaves the browser: the reason is toasted. `sending` covers the transfer itself,
 * which the row shows as 'Uploading file...' with the share of its bytes sent (`progress`); `cancel`
 * stops it, and the server keeps nothing of a transfer that did not finish.
 */
export function useDocumentUpload() {
  const toast = useToast();
  const follow = useTrackUpload();
  const [uploadDocument] = useUploadRequiredDocumentMutation();
  const [reuploadDocument] = useReuploadRequiredDocumentMutation();
  const [sending, setSending] = useState(false);
  const { progress, track, cancel, cancelled } = useUploadProgress();
  const [queued, setQueued] = useState<QueuedUpload | null>(null);

  function refused(file: File): boolean {
    const problem = documentFileProblem(file);
    if (problem) toast.error(problem);
    return problem !== null;
  }

  /** A client's document for the week being viewed. Queue failures are toasted (spec section 8). */
  async function upload(file: File, clientId: string, weekStart: string): Promise<void> {
    if (refused(file)) return;
    setSending(true);
    try {
      const { data } = await track(file, () => uploadDocument({ body: { clientId, weekStart, file } }));
      follow({ processingId: data.processingId, jobId: data.jobId });
      setQueued({ id: data.processingId, weekStart });
    } catch (error) {
      if (cancelled()) toast.info(UPLOAD_CANCELLED_MESSAGE);
      else toast.error(errorMessage(error, QUEUE_FAILED_MESSAGE));
    } finally {
      setSending(false);
    }
  }

  /**
   * A new version of a rejected upload; sent from a row, the row's week (then shown as queued, like an
   * upload). Spec section 8: a failed re-upload is only logged. Answers whether it was queued.
   */
  async function reupload(file: File, uploadId: string, weekStart?: string): Promise<boolean> {
    if (refused(file)) return false;
    setSending(true);
    try {
      const { data } = await track(file, () => reuploadDocument({ fileProcessingId: uploadId, body: { file } }));
      follow({ processingId: data.processingId, jobId: data.jobId });
      if (weekStart) setQueued({ id: data.processingId, weekStart });
      return true;
    } catch (error) {
      if (cancelled()) toast.info(UPLOAD_CANCELLED_MESSAGE);
      else console.error('Re-upload failed:', errorMessage(error));
      return false;
    } finally {
      setSending(false);
    }
  }

  return { upload, reupload, sending, queued, progress, cancel };
}
