import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';

/** The downloads running in this tab, by key (`<uploadId>:<type>`, or one key per kind of archive). */
export interface DownloadsState {
  running: Record<string, true>;
}

const initialState: DownloadsState = { running: {} };

/**
 * Which downloads are running, for the whole tab rather than per menu: the same upload can appear in
 * two menus (the client's documents list it twice), and a download goes on after its screen is left,
 * so coming back must still show it running and refuse to start it again.
 */
export const downloadsSlice = createSlice({
  name: 'downloads',
  initialState,
  reducers: {
    downloadStarted(state, action: PayloadAction<string>) {
      state.running[action.payload] = true;
    },
    downloadFinished(state, action: PayloadAction<string>) {
      delete state.running[action.payload];
    },
  },
  selectors: {
    selectDownloadRunning: (state, key: string) => state.running[key] === true,
  },
});

export const { downloadStarted, downloadFinished } = downloadsSlice.actions;
export const { selectDownloadRunning } = downloadsSlice.selectors;

type StateWithDownloads = { downloads: DownloadsState };

/**
 * Keeps one download per key at a time (spec section 5: a download is blocked while the same upload
 * and file type is downloading; a bulk download while one is in progress), across every screen and
 * menu of the tab. The check reads the store itself and marks the key in the same step, so a double
 * click cannot slip through between two renders.
 */
export function useDownloadGuard(): {
  /** Runs the download unless the same key is already running; answers whether it ran. */
  run: (key: string, download: () => Promise<void>) => Promise<boolean>;
  isRunning: (key: string) => boolean;
} {
  const store = useStore<StateWithDownloads>();
  const dispatch = useDispatch();
  const running = useSelector((state: StateWithDownloads) => state.downloads.running);

  const run = useCallback(
    async (key: string, download: () => Promise<void>) => {
      if (selectDownloadRunning(store.getState(), key)) return false;
      dispatch(downloadStarted(key));
      try {
        await download();
      } finally {
        dispatch(downloadFinished(key));
      }
      return true;
    },
    [store, dispatch],
  );

  const isRunning = useCallback((key: string) => running[key] === true, [running]);
  return { run, isRunning };
}
