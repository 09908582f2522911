import { useState } from 'react';
import { type WeekFileMatch, useMatchStaffWeeklyUploadsMutation, useUploadRequiredDocumentMutation } from '@/web/api/generated';
import { errorMessage } from '@/web/lib/errorMessage';
import { useUploadProgress } from '@/web/components/uploads/useUploadProgress';
import { useTrackUpload } from '@/web/realtime/useLiveProcessing';
import { documentFileProblem, QUEUE_FAILED_MESSAGE, UPLOAD_CANCELLED_MESSAGE } from './useDocumentUpload';
import { unpackWeekFiles } from './weekZip';

export const MATCH_FAILED_MESSAGE = 'The files could not be matched to your clients. Please try again.';

/** Where one file of the week stands: matched, on its way, queued, or refused. */
export type WeekFileState = 'matched' | 'sending' | 'queued' | 'failed';

export interface WeekFile {
  key: string;
  file: File;
  match: WeekFileMatch;
  /** The client the file will be uploaded for: the suggestion, or the one chosen instead. */
  clientId: string | null;
  state: WeekFileState;
  /** Why the file was refused, at matching or at upload. */
  message: string | null;
}

/**
 * A week of files, many at once: they are matched to the staff member's clients by what they hold,
 * each suggestion can be changed, then each file goes through the one-client upload with its client
 * and week (and the suggestion, for the audit), one after the other, with the share of its bytes
 * sent (`progress`, for the file being sent; `cancel` stops that one), and is followed live like any
 * upload. Zip archives are unpacked in the browser first (see weekZip).
 */
export function useWeekUpload(weekStart: string) {
  const [matchFiles, { isLoading: matching }] = useMatchStaffWeeklyUploadsMutation();
  const [uploadDocument] = useUploadRequiredDocumentMutation();
  const follow = useTrackUpload();
  const [files, setFiles] = useState<WeekFile[]>([]);
  const [matchError, setMatchError] = useState<string | null>(null);
  /** Zip archives refused as a whole, each with its reason. */
  const [zipRefusals, setZipRefusals] = useState<string[]>([]);
  const [unpacking, setUnpacking] = useState(false);
  const [sending, setSending] = useState(false);
  const { progress, track, cancel, cancelled } = useUploadProgress();

  const update = (key: string, change: Partial<WeekFile>) => setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...change } : f)));

  /** Files dropped or chosen; a zip archive's payroll files join as if dropped one by one. */
  async function add(dropped: File[]): Promise<void> {
    if (dropped.length === 0) return;
    setMatchError(null);
    setUnpacking(true);
    const { files: chosen, refusals } = await unpackWeekFiles(dropped).finally(() => setUnpacking(false));
    setZipRefusals(refusals);
    if (chosen.length === 0) return;
    try {
      const { data } = await matchFiles({ body: { weekStart, files: chosen } }).unwrap();
      const added = data.matches.map((match, index) => {
        const problem = match.refusal ?? documentFileProblem(chosen[index]);
        return {
          key: `${Date.now()}-${index}-${chosen[index].name}`,
          file: chosen[index],
          match,
          clientId: match.clientId,
          state: problem ? 'failed' : 'matched',
          message: problem,
        } satisfies WeekFile;
      });
      setFiles((current) => [...current.filter((f) => f.state !== 'queued'), ...added]);
    } catch (error) {
      setMatchError(errorMessage(error, MATCH_FAILED_MESSAGE));
    }
  }

  const choose = (key: string, clientId: string | null) => update(key, { clientId });
  const remove = (key: string) => setFiles((current) => current.filter((f) => f.key !== key));
  const ready = files.filter((f) => f.state === 'matched' && f.clientId);

  /** Sends every file that has a client, one after the other; a refusal stays on its own line. */
  async function uploadAll(): Promise<void> {
    setSending(true);
    try {
      for (const item of ready) {
        update(item.key, { state: 'sending', message: null });
        try {
          const matchSuggestion = JSON.stringify({ clientId: item.match.clientId, confidence: item.match.confidence });
          const { data } = await track(item.file, () => uploadDocument({ body: { clientId: item.clientId!, weekStart, file: item.file, matchSuggestion } }));
          follow({ processingId: data.processingId, jobId: data.jobId });
          update(item.key, { state: 'queued' });
        } catch (error) {
          // A file the person cancelled is not sent; the next one still is.
          update(item.key, { state: 'failed', message: cancelled() ? UPLOAD_CANCELLED_MESSAGE : errorMessage(error, QUEUE_FAILED_MESSAGE) });
        }
      }
    } finally {
      setSending(false);
    }
  }

  const reset = () => {
    setFiles([]);
    setMatchError(null);
    setZipRefusals([]);
  };

  return { files, add, choose, remove, uploadAll, reset, ready, matching: matching || unpacking, sending, matchError, zipRefusals, progress, cancel };
}
