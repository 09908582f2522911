import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { trustedOrigins } from '../auth/origin';
import { AccessCheckQueue, QUEUE_FULL } from './accessCheckQueue';
import { applyAccessChange } from './accessChanges';
import { fanoutAdapter, openFanoutPool } from './postgresFanout';
import { type AccessChange, companyAdminsRoom, type ProcessingPublisher, userRoom } from './processingUpdates';
import { joinRoom, leaveRoom, RoomRequestThrottle } from './roomRequests';
import { endSocket, NOTICES } from './sessionNotices';
import type { RealtimeIo, RealtimeSocket, SessionNotice } from './socketEvents';
import { openingTime, socketsOverLimits } from './socketLimits';
import { deliverProcessingBatches, socketPublisher } from './socketPublisher';
import { handshakeOriginAllowed, handshakeUser, liveSessionIds, SocketRefusal } from './socketSession';

export const SOCKET_PATH = '/socket.io';
/** How often open sockets are checked against their sessions: a backstop for ended sessions no access change announced. */
const SESSION_CHECK_MS = 30_000;
const BUSY_HANDSHAKE = 'Live updates are busy. Connecting again shortly.';

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
 * only proved who opened it) but not its session: the services announce ended sessions and changed
 * access (`ctx.publisher.accessChanged`), a join after sign-out is refused and closes the socket, and
 * a periodic check closes the sockets of ended sessions. The publisher it puts on the context is how
 * the job worker of this process reaches the browsers. On PostgreSQL its broadcasts, and those of
 * worker processes, reach the sockets of every API process (see postgresFanout).
 *
 * Nobody's sockets can slow down anyone else (see RealtimeLimits): a user has a few sockets at most
 * (a new one closes the oldest), each sends room requests at a bounded rate, follows a bounded number
 * of uploads, and the database work of all handshakes and joins of the process is bounded.
 */
async function realtime(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const { config } = ctx;
  const limits = config.realtime;
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
  const checks = new AccessCheckQueue(limits.accessChecksAtOnce, limits.accessChecksWaiting);
  let accessGeneration = 0;
  const joinDeps = { db: ctx.db, limits, checks, accessGeneration: () => accessGeneration, log: app.log };

  io.use((socket, next) => {
    checks
      .run(() => handshakeUser(ctx, socket.request.headers.cookie, (header) => app.parseCookie(header)))
      .then((user) => {
        if (user === QUEUE_FULL) return next(new SocketRefusal('TRY_AGAIN', BUSY_HANDSHAKE));
        socket.data.user = user;
        socket.data.follows = {};
        socket.data.openedAt = openingTime();
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
    throttleRoomRequests(socket);
    socket.on('joinProcessingRoom', (roomId, ack) => {
      void joinRoom(joinDeps, socket, roomId).then(({ answer, sessionEnded }) => {
        if (typeof ack === 'function') ack(answer);
        // Answered first, so the client reads why before the socket closes.
        if (sessionEnded) endSocket(socket, NOTICES.sessionEnded);
      });
    });
    socket.on('leaveProcessingRoom', (roomId, ack) => {
      void leaveRoom(socket, roomId).then((answer) => typeof ack === 'function' && ack(answer));
    });
    closeSocketsOverLimits(user.id).catch((error: unknown) => app.log.warn({ err: error }, 'counting the sockets of a user failed'));
  });

  /**
   * Holds everything the socket sends (joins and leaves; any other event counts too) to its rate
   * (RoomRequestThrottle); a refused request is answered at once and costs nothing more.
   */
  function throttleRoomRequests(socket: RealtimeSocket): void {
    const throttle = new RoomRequestThrottle(limits);
    socket.use((packet, next) => {
      const verdict = throttle.admit();
      if (!verdict) return next();
      const ack: unknown = packet[packet.length - 1];
      if (typeof ack === 'function') ack(verdict.refusal);
      if (verdict.close && socket.connected) {
        app.log.warn({ userId: socket.data.user.id }, 'closed a realtime socket that kept sending after its requests were refused');
        endSocket(socket, NOTICES.tooManyRequests);
      }
    });
  }

  /** Closes the user's oldest sockets past the limits, on whichever process they are (this one's alone if the others do not answer). */
  async function closeSocketsOverLimits(userId: string): Promise<void> {
    const room = userRoom(userId);
    const sockets = await io
      .in(room)
      .fetchSockets()
      .catch(async (error: unknown) => {
        app.log.warn({ err: error }, 'the other realtime processes did not answer; counting the sockets of this one');
        return io.local.in(room).fetchSockets();
      });
    const over = socketsOverLimits(sockets, limits);
    if (over.length > 0) closeSockets(over.map((socket) => socket.id), NOTICES.tooManySockets);
  }

  /** Closes sockets by id, each with the notice first: this process's at once, the others' by the process they are on. */
  function closeSockets(socketIds: string[], notice: SessionNotice): void {
    const elsewhere = socketIds.filter((id) => !closeLocalSocket(id, notice));
    if (fanout && elsewhere.length > 0) io.serverSideEmit('closeSockets', elsewhere, notice);
  }

  function closeLocalSocket(socketId: string, notice: SessionNotice): boolean {
    const socket = io.of('/').sockets.get(socketId);
    if (socket) endSocket(socket, notice);
    return socket !== undefined;
  }

  /** Applies an access change to this process's sockets; a join whose check was under way is checked again (see joinRoom). */
  function applyHere(change: AccessChange): void {
    accessGeneration += 1;
    applyAccessChange(io, change);
  }

  io.on('accessChanged', (change, applied) => {
    applyHere(change);
    applied(true);
  });
  io.on('closeSockets', (socketIds, notice) => {
    for (const id of socketIds) closeLocalSocket(id, notice);
  });
  deliverProcessingBatches(io);

  async function endLapsedSessions(): Promise<number> {
    const sockets = [...io.of('/').sockets.values()];
    if (sockets.length === 0) return 0;
    const live = await liveSessionIds(ctx.db, sockets.map((socket) => socket.data.user.sessionId));
    const lapsed = sockets.filter((socket) => !live.has(socket.data.user.sessionId));
    for (const socket of lapsed) endSocket(socket, NOTICES.sessionEnded);
    return lapsed.length;
  }

  const sweep = setInterval(() => {
    endLapsedSessions().catch((error: unknown) => app.log.warn({ err: error }, 'checking socket sessions failed'));
  }, SESSION_CHECK_MS);
  sweep.unref();

  const publisher = socketPublisher(io, { applyHere, crossProcess: fanout !== undefined, log: app.log });
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
