import { SESSION_ENDED } from '../services/people/sessions';
import type { RealtimeSocket, SessionNotice } from './socketEvents';

/** What the page is told before the server closes one of its sockets, by reason. */
export const NOTICES = {
  tooManySockets: {
    code: 'TOO_MANY_SOCKETS',
    message: 'Live updates stopped on this page because the app is open in too many tabs or windows. Close the ones you do not need, then reload this page to follow again.',
    reconnect: false,
  },
  tooManyRequests: {
    code: 'TOO_MANY_REQUESTS',
    message: 'Live updates stopped on this page because it sent too many requests. Reload the page to follow again.',
    reconnect: false,
  },
  sessionEnded: { code: 'SESSION_ENDED', message: SESSION_ENDED, reconnect: true },
  accessChanged: { code: 'ACCESS_CHANGED', message: 'Your access has changed. Live updates are reconnecting.', reconnect: true },
} as const satisfies Record<string, SessionNotice>;

/** Tells a socket of this process why, then closes it: the notice is sent first, so the page reads it before the close. */
export function endSocket(socket: RealtimeSocket, notice: SessionNotice): void {
  if (!socket.connected) return;
  socket.emit('sessionNotice', notice);
  socket.disconnect(true);
}
