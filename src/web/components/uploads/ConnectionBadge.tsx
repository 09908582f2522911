import { Badge } from 'antd';
import type { ConnectionState } from '@/web/realtime/realtimeSlice';

/** Whether live progress is arriving (spec 2.17): Connected or Disconnected. */
export function ConnectionBadge({ connection }: { connection: ConnectionState }) {
  const isConnected = connection === 'connected';
  return (
    <Badge
      role="status"
      aria-label="Live updates"
      status={isConnected ? 'success' : 'error'}
      text={isConnected ? 'Connected' : 'Disconnected'}
    />
  );
}
