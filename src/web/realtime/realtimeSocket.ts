import { io, type Socket } from 'socket.io-client';
import { REALTIME } from '@/common/limits';
import { apiBase } from '@/web/lib/apiBase';
import type { JoinAnswer, ProcessingUpdate, RealtimeSocket } from './realtimeEvents';

interface ServerEvents {
  processingUpdate: (update: ProcessingUpdate) => void;
}

interface ClientEvents {
  joinProcessingRoom: (roomId: string, ack: (answer: JoinAnswer) => void) => void;
  leaveProcessingRoom: (roomId: string) => void;
}

export const SOCKET_PATH = '/socket.io';

/** The socket lives on the API's origin: this page's own unless the build names an API host. */
function socketOrigin(): string {
  return new URL(apiBase, window.location.href).origin;
}

/**
 * The browser's socket (spec 7.7 and section 9): websocket first, then polling; 20 s to connect;
 * reconnects after 1 to 5 s with jitter; the session cookie goes along. It waits for the
 * middleware to connect it.
 */
export function openRealtimeSocket(): RealtimeSocket {
  const socket: Socket<ServerEvents, ClientEvents> = io(socketOrigin(), {
    path: SOCKET_PATH,
    transports: [...REALTIME.transports],
    timeout: REALTIME.connectTimeoutMs,
    reconnectionDelay: REALTIME.reconnectDelayMs,
    reconnectionDelayMax: REALTIME.reconnectDelayMaxMs,
    randomizationFactor: REALTIME.randomizationFactor,
    withCredentials: true,
    autoConnect: false,
  });
  return socket;
}
