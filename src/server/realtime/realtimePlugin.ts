import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { trustedOrigins } from '../auth/origin';
import { SESSION_ENDED } from '../services/sessions';
import { companyAdminsRoom, type ProcessingPublisher, userRoom } from './processingUpdates';
import { followableUpload, parseRoomId, ROOM_REFUSED, roomOf } from './roomAccess';
import { fanoutAdapter, openFanoutPool } from './postgresFanout';
import type { JoinAnswer, LeaveAnswer, RealtimeIo, RealtimeSocket } from './socketEvents';
import { socketPublisher } from './socketPublisher';
import { handshakeOriginAllowed, handshakeUser, liveSessionIds, sessionStillLive, SocketRefusal } from './socketSession';

export const SOCKET_PATH = '/socket.io';
/** How often open sockets are checked against their sessions (sign-out, revocation, removed users). */
const SESSION_CHECK_MS = 30_000;
/** A page follows at most a few dozen uploads; the cap only bounds what one socket can hold. */
const MAX_ROOMS_PER_SOCKET = 200;
const JOIN_FAILED = 'Could not follow this upload right now. Please try again.';

export interface RealtimeServer {
  io: RealtimeIo;
  /** Delivers processing updates to the sockets of this process (and of the other API processes on PostgreSQL); also `ctx.publisher`. */
  publisher: ProcessingPublisher;
  /** Disconnects every socket whose session has ended; answers how many were ended. */
  endLapsedSessions(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeServer;
  }
}

/**
 * socket.io on the API's own HTTP server and origin (spec 7.7, `/socket.io`). A handshake needs the
 * session's access-token cookie; a socket then follows uploads by joining their rooms, each join
 * checked against the database. A socket outlives the access token it was opened with (the token
 * only proved who opened it) but not its session: a join after sign-out is refused and closes the
 * socket, and a periodic check closes the sockets of ended sessions. The publisher it puts on the
 * context is how the job worker of this process reaches the browsers. On PostgreSQL its broadcasts,
 * and those of worker processes, reach the sockets of every API process (see postgresFanout).
 */
async function realtime(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { config } = ctx;
  const trusted = trustedOrigins(config, app.server);
  const fanout = config.databaseUrl ? await openFanoutPool(config.databaseUrl, app.log) : undefined;
  const io: RealtimeIo = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    adapter: fanout ? fanoutAdapter(fanout, app.log) : undefined,
    // Same origin needs no CORS; an API on its own host lets the configured origins in, with cookies.
    cors: config.allowedOrigins.length > 0 ? { origin: config.allowedOrigins, credentials: true } : undefined,
    allowRequest: (request, callback) => callback(null, handshakeOriginAllowed(request, trusted)),
  });

  io.use((socket, next) => {
    handshakeUser(ctx, socket.request.headers.cookie, (header) => app.parseCookie(header))
      .then((user) => {
        socket.data.user = user;
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof SocketRefusal) return next(error);
        app.log.error({ err: error }, 'socket handshake failed');
        next(new SocketRefusal('UNAUTHORIZED', 'Please sign in to continue.'));
      });
  });

  io.on('connection', (socket) => {
    // News of the user's own new uploads reaches every tab they have open (see userRoom).
    const { user } = socket.data;
    void socket.join(userRoom(user.id));
    // And news of every new upload of the company reaches its admins' review screens.
    if (user.role === 'ADMIN' && user.companyId) void socket.join(companyAdminsRoom(user.companyId));
    socket.on('joinProcessingRoom', (roomId, ack) => {
      void join(socket, roomId).then(({ answer, sessionEnded }) => {
        if (typeof ack === 'function') ack(answer);
        // Answered first, so the client reads why before the socket closes.
        if (sessionEnded) socket.disconnect(true);
      });
    });
    socket.on('leaveProcessingRoom', (roomId, ack) => {
      const key = parseRoomId(roomId);
      if (key) void socket.leave(roomOf(key));
      const answer: LeaveAnswer = key ? { ok: true } : { ok: false, message: ROOM_REFUSED };
      if (typeof ack === 'function') ack(answer);
    });
  });

  /**
   * Joins a room after checking, with the session and the user as they are now (a role, company or
   * assignment may have changed since the handshake), that the caller may follow the upload.
   */
  async function join(socket: RealtimeSocket, roomId: unknown): Promise<{ answer: JoinAnswer; sessionEnded?: true }> {
    const refused = { answer: { ok: false, message: ROOM_REFUSED } as const };
    try {
      const user = await sessionStillLive(ctx, socket.data.user);
      if (!user) return { answer: { ok: false, message: SESSION_ENDED }, sessionEnded: true };
      socket.data.user = user;
      const key = parseRoomId(roomId);
      if (!key || (socket.rooms.size > MAX_ROOMS_PER_SOCKET && !socket.rooms.has(roomOf(key)))) return refused;
      const update = await followableUpload(ctx.db, user, key);
      if (!update) return refused;
      await socket.join(roomOf(key));
      return { answer: { ok: true, update } };
    } catch (error) {
      app.log.error({ err: error }, 'joining a processing room failed');
      return { answer: { ok: false, message: JOIN_FAILED } };
    }
  }

  async function endLapsedSessions(): Promise<number> {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return 0;
    const live = await liveSessionIds(ctx.db, sockets.map((socket) => socket.data.user.sessionId));
    const lapsed = sockets.filter((socket) => !live.has(socket.data.user.sessionId));
    for (const socket of lapsed) socket.disconnect(true);
    return lapsed.length;
  }

  const sweep = setInterval(() => {
    endLapsedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'checking socket sessions failed'));
  }, SESSION_CHECK_MS);
  sweep.unref();

  const publisher = socketPublisher(io);
  app.decorate('realtime', { io, publisher, endLapsedSessions });
  ctx.publisher = publisher;

  // Open sockets would keep the HTTP server from closing: end them before it closes.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await fanout?.end();
  });
}

export const realtimePlugin = fp(realtime, { name: 'realtime', fastify: '5.x', dependencies: ['@fastify/cookie'] });
