import { useCallback, useRef, useState } from 'react';

/**
 * Keeps one download per key at a time (spec section 5: a download is blocked while the same upload
 * and file type is downloading). The ref answers at once, so a double click cannot slip through
 * between two renders; the state lets the screen show which ones are running.
 */
export function useDownloadGuard(): {
  /** Runs the download unless the same key is already running; answers whether it ran. */
  run: (key: string, download: () => Promise<void>) => Promise<boolean>;
  isRunning: (key: string) => boolean;
} {
  const running = useRef(new Set<string>());
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());

  const run = useCallback(async (key: string, download: () => Promise<void>) => {
    if (running.current.has(key)) return false;
    running.current.add(key);
    setShown(new Set(running.current));
    try {
      await download();
    } finally {
      running.current.delete(key);
      setShown(new Set(running.current));
    }
    return true;
  }, []);

  const isRunning = useCallback((key: string) => shown.has(key), [shown]);
  return { run, isRunning };
}
