import { useCallback, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { type LiveUpload, type ProcessingState, selectLiveUpload, type TrackRequest, trackRequested } from './processingSlice';
import { type ConnectionState, connectionWanted, type RealtimeState, selectConnection } from './realtimeSlice';

/**
 * What screens use of live progress. They never touch the socket: they say they want it, ask to
 * follow an upload, and read what the middleware recorded.
 */

type StateWithLiveProcessing = { realtime: RealtimeState; processing: ProcessingState };

/** Opens the live connection (if someone is signed in) and answers whether it is up, for the badge. */
export function useRealtimeConnection(): ConnectionState {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch(connectionWanted());
  }, [dispatch]);
  return useSelector((state: StateWithLiveProcessing) => selectConnection(state));
}

/** Where an upload stands according to the socket; undefined when nobody followed it in this tab. */
export function useLiveUpload(processingId: string | undefined): LiveUpload | undefined {
  return useSelector((state: StateWithLiveProcessing) => (processingId ? selectLiveUpload(state, processingId) : undefined));
}

/** Follows an upload this tab just queued: its processing id (or job id) from the queue's answer. */
export function useTrackUpload(): (request: Omit<TrackRequest, 'source'>) => void {
  const dispatch = useDispatch();
  return useCallback((request) => dispatch(trackRequested({ ...request, source: 'upload' })), [dispatch]);
}
