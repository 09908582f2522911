import type { RealtimeLimits } from '../config';
import type { SessionUser } from '../context';

/** What the limits need to know of a socket, wherever it is connected. */
export interface CountedSocket {
  id: string;
  data: { user: Pick<SessionUser, 'sessionId'>; openedAt: number };
}

let lastOpenedAt = 0;

/**
 * When a socket opened, in epoch milliseconds, strictly later than the one opened before it in this
 * process (the clock's millisecond is split when two open within it), so "the oldest" is never a tie
 * here; between processes the clock orders them.
 */
export function openingTime(): number {
  lastOpenedAt = Math.max(Date.now(), lastOpenedAt + 0.001);
  return lastOpenedAt;
}

/**
 * The sockets past the limits, oldest first: walking from the newest, each session keeps its
 * `maxSocketsPerSession` newest sockets and the user their `maxSocketsPerUser` newest over all
 * sessions. The newest socket is always kept, so a page just opened always works; the oldest is
 * likely a tab left open, or one whose network dropped and that has reconnected meanwhile. Sockets
 * of two processes opened at the same instant are ordered by id, so every process works out the same
 * answer.
 */
export function socketsOverLimits<T extends CountedSocket>(sockets: readonly T[], limits: Pick<RealtimeLimits, 'maxSocketsPerSession' | 'maxSocketsPerUser'>): T[] {
  const newestFirst = [...sockets].sort((a, b) => b.data.openedAt - a.data.openedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const keptPerSession = new Map<string, number>();
  let keptForUser = 0;
  const over: T[] = [];
  for (const socket of newestFirst) {
    const { sessionId } = socket.data.user;
    const keptOfSession = keptPerSession.get(sessionId) ?? 0;
    if (keptOfSession >= limits.maxSocketsPerSession || keptForUser >= limits.maxSocketsPerUser) {
      over.push(socket);
      continue;
    }
    keptPerSession.set(sessionId, keptOfSession + 1);
    keptForUser += 1;
  }
  return over.reverse();
}

