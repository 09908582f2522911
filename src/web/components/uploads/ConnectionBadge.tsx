import { Badge } from 'antd';
import type { ConnectionState } from '@/web/realtime/realtimeSlice';

const SHOWN: Record<ConnectionState, { status: 'processing' | 'success' | 'error'; text: string }> = {
  connecting: { status: 'processing', text: 'Connecting…' },
  connected: { status: 'success', text: 'Connected' },
  disconnected: { status: 'error', text: 'Disconnected' },
};

/**
 * Whether live progress is arriving (spec 2.17): Connected or Disconnected. Until the page's first
 * connection it says Connecting…, so opening a live page does not flash a red Disconnected.
 */
export function ConnectionBadge({ connection }: { connection: ConnectionState }) {
  const { status, text } = SHOWN[connection];
  return <Badge role="status" aria-label="Live updates" status={status} text={text} />;
}
