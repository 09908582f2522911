import type { AddressInfo } from 'node:net';
import { decodeJwt, SignJWT } from 'jose';
import { io, type Socket } from 'socket.io-client';
import type { ProcessingUpdate } from '@/server/realtime/processingUpdates';
import type { SessionNotice } from '@/server/realtime/socketEvents';
import type { UploadReviewed } from '@/server/realtime/uploadReviews';
import type { Agent, TestApp } from '../../helpers/buildTestApp';

/** The session secret buildTestApp configures. */
const TEST_SECRET = 'x'.repeat(48);

/** A browser's socket as a test sees it: the updates and the notices before a close it received, in order. */
export interface TestSocket {
  socket: Socket;
  updates: ProcessingUpdate[];
  /** The admins' decisions it was told of (`uploadReviewed`), in order. */
  reviews: UploadReviewed[];
  notices: SessionNotice[];
  join(roomId: unknown): Promise<{ ok: boolean; message?: string; update?: ProcessingUpdate; retryInMs?: number }>;
  leave(roomId: unknown): Promise<{ ok: boolean; message?: string; retryInMs?: number }>;
  /**
   * A round trip on this socket: anything the server sent it before answering has arrived by the
   * time this resolves, so "received nothing" can be asserted without waiting on a clock.
   */
  settle(): Promise<void>;
  close(): void;
}

/** Starts the test app on a free port and answers its base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The Cookie header a browser signed in through `agent` would send. */
export function cookieOf(agent: Agent): string {
  const access = agent.cookies.get('access_token');
  if (!access) throw new Error('the agent is not signed in');
  return `access_token=${access.value}`;
}

/** The same session's access token, re-signed as expired a minute ago. */
export async function expiredCookieOf(agent: Agent): Promise<string> {
  const claims = decodeJwt(cookieOf(agent).slice('access_token='.length));
  const past = Math.floor(Date.now() / 1000) - 120;
  const token = await new SignJWT({ role: claims.role, cid: claims.cid, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.sub))
    .setIssuedAt(past)
    .setExpirationTime(past + 60)
    .sign(new TextEncoder().encode(TEST_SECRET));
  return `access_token=${token}`;
}

/** Handshake headers; one set to undefined is not sent. */
export type HandshakeHeaders = Record<string, string | undefined>;

/** A socket opened as the app's own page opens it: its handshake names that page's origin, unless `headers` say otherwise. */
function open(baseUrl: string, headers: HandshakeHeaders): Socket {
  const sent = Object.entries({ origin: baseUrl, ...headers }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return io(baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: Object.fromEntries(sent) });
}

/** Connects with the given headers; rejects with the server's refusal when the handshake is refused. */
export function connect(baseUrl: string, headers: HandshakeHeaders = {}): Promise<TestSocket> {
  const socket = open(baseUrl, headers);
  const updates: ProcessingUpdate[] = [];
  const notices: SessionNotice[] = [];
  const reviews: UploadReviewed[] = [];
  socket.on('processingUpdate', (update: ProcessingUpdate) => updates.push(update));
  socket.on('uploadReviewed', (event: UploadReviewed) => reviews.push(event));
  socket.on('sessionNotice', (notice: SessionNotice) => notices.push(notice));
  const testSocket: TestSocket = {
    socket,
    updates,
    reviews,
    notices,
    join: (roomId) => socket.timeout(5000).emitWithAck('joinProcessingRoom', roomId),
    leave: (roomId) => socket.timeout(5000).emitWithAck('leaveProcessingRoom', roomId),
    settle: async () => {
      await socket.timeout(5000).emitWithAck('leaveProcessingRoom', 'settle');
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(testSocket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** The refusal of a handshake: its message and `data` (the reason code). */
export async function refusalOf(baseUrl: string, headers: HandshakeHeaders = {}): Promise<{ message: string; data: unknown }> {
  try {
    const socket = await connect(baseUrl, headers);
    socket.close();
  } catch (error) {
    const { message, data } = error as Error & { data?: unknown };
    return { message, data };
  }
  throw new Error('the handshake was accepted');
}

/** Resolves with the next update the socket receives. */
export function nextUpdate(socket: TestSocket): Promise<ProcessingUpdate> {
  return new Promise((resolve) => socket.socket.once('processingUpdate', resolve));
}

/** Resolves when the server ends the socket. */
export function disconnected(socket: TestSocket): Promise<string> {
  if (!socket.socket.connected) return Promise.resolve('already disconnected');
  return new Promise((resolve) => socket.socket.once('disconnect', resolve));
}
