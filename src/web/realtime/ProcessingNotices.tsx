import { useEffect } from 'react';
import { useSelector, useStore } from 'react-redux';
import { useToast } from '@/web/lib/useToast';
import { noticeShown, type RealtimeState, selectNotices } from './realtimeSlice';

type StateWithRealtime = { realtime: RealtimeState };

/**
 * Shows the toasts the socket middleware raises (processing complete, processing failed): the
 * middleware cannot call hooks, so it records a notice and this component, inside the UI provider,
 * turns it into a toast. Each notice is read again from the store just before it is shown and marked
 * shown at once, so it appears once even if this is mounted in more than one place.
 */
export function ProcessingNotices() {
  const notices = useSelector((state: StateWithRealtime) => selectNotices(state));
  const store = useStore<StateWithRealtime>();
  const toast = useToast();

  useEffect(() => {
    for (const { id } of notices) {
      const pending = selectNotices(store.getState()).find((candidate) => candidate.id === id);
      if (!pending) continue;
      store.dispatch(noticeShown(id));
      toast[pending.kind](pending.text, pending.description);
    }
  }, [notices, store, toast]);

  return null;
}
