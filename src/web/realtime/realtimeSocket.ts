import type { Socket } from 'socket.io-client';
import { REALTIME } from '@/common/limits';
import { apiBase } from '@/web/lib/apiBase';
import type { JoinAnswer, ProcessingUpdate, RealtimeSocket, SessionNotice } from './realtimeEvents';

interface ServerEvents {
  processingUpdate: (update: ProcessingUpdate) => void;
  sessionNotice: (notice: SessionNotice) => void;
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

type BrowserSocket = Socket<ServerEvents, ClientEvents>;

/**
 * The browser's socket (spec 7.7 and section 9): websocket first, then polling; 20 s to connect;
 * reconnects after 1 to 5 s with jitter; the session cookie goes along. It waits for the
 * middleware to connect it. The socket.io client downloads when the socket is first opened (someone
 * has signed in), not with the login screen; calls made before it has arrived run in order once it has.
 */
export function openRealtimeSocket(): RealtimeSocket {
  let socket: BrowserSocket | null = null;
  const loaded: Promise<BrowserSocket | null> = import('socket.io-client').then(({ io }) => {
    socket = io(socketOrigin(), {
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
  }, () => null); // the page's other code could not load either: it stays without live updates
  const later = (call: (socket: BrowserSocket) => unknown) => {
    if (socket) call(socket);
    else void loaded.then((opened) => opened && call(opened));
  };
  return {
    get connected() {
      return socket?.connected ?? false;
    },
    on: ((event: 'connect', listener: () => void) => later((opened) => opened.on(event, listener))) as RealtimeSocket['on'],
    emit: ((event: 'leaveProcessingRoom', ...args: [string]) => later((opened) => opened.emit(event, ...args))) as RealtimeSocket['emit'],
    connect: () => later((opened) => opened.connect()),
    disconnect: () => later((opened) => opened.disconnect()),
  };
}
