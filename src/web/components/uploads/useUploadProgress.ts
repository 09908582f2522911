import { useCallback, useRef, useState } from 'react';
import { watchUploadProgress } from '@/web/api/uploadTransport';

/** How far an upload's bytes have gone out, and since when: what the bar and the time left are drawn from. */
export interface UploadProgressState {
  sent: number;
  total: number;
  /** When the upload started and when the last bytes were counted (ms since 1970). */
  startedAt: number;
  at: number;
}

/** A mutation as its trigger answers it: abortable, and settled through unwrap. */
interface StartedUpload<T> {
  abort(): void;
  unwrap(): Promise<T>;
}

/**
 * Follows one upload at a time: the bytes of its file sent so far (reported by the upload transport
 * for the file it was given), and a way to cancel it. `cancelled()` tells a failure the person asked
 * for from one they must be told about.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const abort = useRef<(() => void) | null>(null);
  const cancelledByPerson = useRef(false);

  const track = useCallback(async <T>(file: Blob, start: () => StartedUpload<T>): Promise<T> => {
    const startedAt = Date.now();
    setProgress({ sent: 0, total: file.size, startedAt, at: startedAt });
    const unwatch = watchUploadProgress(file, ({ sent, total }) => setProgress({ sent, total: total || file.size, startedAt, at: Date.now() }));
    cancelledByPerson.current = false;
    const request = start();
    abort.current = () => {
      cancelledByPerson.current = true;
      request.abort();
    };
    try {
      return await request.unwrap();
    } finally {
      unwatch();
      abort.current = null;
      setProgress(null);
    }
  }, []);

  const cancel = useCallback(() => abort.current?.(), []);
  const cancelled = useCallback(() => cancelledByPerson.current, []);
  return { progress, track, cancel, cancelled };
}

/** The share sent, in whole percent (never 100 before the last byte). */
export function percentSent({ sent, total }: Pick<UploadProgressState, 'sent' | 'total'>): number {
  if (total <= 0) return 0;
  return sent >= total ? 100 : Math.floor((sent / total) * 100);
}

/**
 * Seconds left at the rate so far, or null while too little has been sent to tell (the first second,
 * or nothing yet).
 */
export function secondsLeft({ sent, total, startedAt, at }: UploadProgressState): number | null {
  const elapsed = (at - startedAt) / 1000;
  if (sent <= 0 || elapsed < 1 || sent >= total) return null;
  return Math.ceil(((total - sent) / sent) * elapsed);
}

/** '45 s', '3 min', '1 h 5 min'. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
