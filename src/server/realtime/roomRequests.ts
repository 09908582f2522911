import type { RealtimeLimits } from '../config';
import type { Database } from '../db/client';
import { SESSION_ENDED } from '../services/people/sessions';
import { type AccessCheckQueue, QUEUE_FULL } from './accessCheckQueue';
import { checkJoin, parseRoomId, ROOM_REFUSED, type RoomKey, roomOf } from './roomAccess';
import type { JoinAnswer, LeaveAnswer, RealtimeSocket, Refusal } from './socketEvents';
import { TokenBucket } from './tokenBucket';

export const JOIN_FAILED = 'Could not follow this upload right now. Please try again.';
export const TOO_FAST = 'This page asked to follow uploads too quickly. It will try again in a moment.';
export const TOO_MANY_ROOMS = 'This page is following too many uploads at once. Reload the page to follow this one.';
/** When a join refused because the server was busy may try again; after a database error, later. */
const BUSY_RETRY_MS = 1_000;
const FAILED_RETRY_MS = 5_000;

/**
 * How fast one socket may send room requests (joins and leaves): a burst, then a steady rate. Past
 * it a request is refused with how long to wait, and a socket that keeps sending while refused (its
 * refusals outrun their own allowance, which wears off at the same rate) is to be closed: nothing the
 * page does on its own sends like that.
 */
export class RoomRequestThrottle {
  readonly #requests: TokenBucket;
  readonly #refusals: TokenBucket;

  constructor(limits: Pick<RealtimeLimits, 'roomRequestBurst' | 'roomRequestsPerSecond' | 'refusalsBeforeClose'>) {
    this.#requests = new TokenBucket(limits.roomRequestBurst, limits.roomRequestsPerSecond);
    this.#refusals = new TokenBucket(limits.refusalsBeforeClose, limits.roomRequestsPerSecond);
  }

  /** Undefined when the request may go ahead; otherwise its refusal, and whether the socket is to be closed. */
  admit(): { refusal: Refusal; close: boolean } | undefined {
    if (this.#requests.take()) return undefined;
    return { refusal: { ok: false, message: TOO_FAST, retryInMs: this.#requests.msUntilNext() }, close: !this.#refusals.take() };
  }
}

export interface JoinDeps {
  db: Database;
  limits: Pick<RealtimeLimits, 'maxRoomsPerSocket'>;
  /** Bounds the database work of every join and handshake of the process (see AccessCheckQueue). */
  checks: AccessCheckQueue;
  /** How many access changes this process has applied: a join whose check straddles one is checked again. */
  accessGeneration: () => number;
  log: { error: (details: object, message: string) => void };
}

export type JoinOutcome = { answer: JoinAnswer; sessionEnded?: true };

const REFUSED: JoinOutcome = { answer: { ok: false, message: ROOM_REFUSED } };
const BUSY: JoinOutcome = { answer: { ok: false, message: JOIN_FAILED, retryInMs: BUSY_RETRY_MS } };

/**
 * Joins a room after one database check of the session and the upload (see checkJoin), with the
 * user as they are now. An access change applied while the check ran (a client reassigned, a user
 * removed) could have been read before it committed, so the check is made again; a socket therefore
 * never joins a room after the change that should have kept it out has cleaned the rooms.
 */
export async function joinRoom(deps: JoinDeps, socket: RealtimeSocket, roomId: unknown): Promise<JoinOutcome> {
  const key = parseRoomId(roomId);
  if (!key) return REFUSED;
  const room = roomOf(key);
  const { follows } = socket.data;
  if (!Object.hasOwn(follows, room) && Object.keys(follows).length >= deps.limits.maxRoomsPerSocket) return { answer: { ok: false, message: TOO_MANY_ROOMS } };
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const outcome = await checkedJoin(deps, socket, key, room);
      if (outcome !== STALE) return outcome;
    }
    return BUSY;
  } catch (error) {
    deps.log.error({ err: error }, 'joining a processing room failed');
    return { answer: { ok: false, message: JOIN_FAILED, retryInMs: FAILED_RETRY_MS } };
  }
}

/** A check that an access change overtook: it may have read the state before the change. */
const STALE = Symbol('stale');

/** One check, and the join it allows unless an access change was applied while it ran. */
async function checkedJoin(deps: JoinDeps, socket: RealtimeSocket, key: RoomKey, room: string): Promise<JoinOutcome | typeof STALE> {
  const generation = deps.accessGeneration();
  // A socket that closed while waiting for a turn costs the database nothing.
  const check = await deps.checks.run(async () => (socket.connected ? checkJoin(deps.db, socket.data.user, key) : undefined));
  if (check === QUEUE_FULL) return BUSY;
  if (!check || !socket.connected) return REFUSED;
  if (deps.accessGeneration() !== generation) return STALE;
  if (!check.live) return { answer: { ok: false, message: SESSION_ENDED }, sessionEnded: true };
  socket.data.user = check.user;
  if (!check.followed) return REFUSED;
  socket.data.follows[room] = check.followed.clientId;
  await socket.join(room);
  return { answer: { ok: true, update: check.followed.update } };
}

async function leaveJoined(socket: RealtimeSocket, room: string): Promise<void> {
  delete socket.data.follows[room];
  await socket.leave(room);
}

/** Leaves a room (a room the socket is not in, or a nonsense id, is left as it was). */
export async function leaveRoom(socket: RealtimeSocket, roomId: unknown): Promise<LeaveAnswer> {
  const key = parseRoomId(roomId);
  if (!key) return { ok: false, message: ROOM_REFUSED };
  await leaveJoined(socket, roomOf(key));
  return { ok: true };
}
