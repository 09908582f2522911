/**
 * The flooding browser of socketFlood.ts, in a process of its own as an abuser's machine would be, so
 * the server's process pays only for what reaches it. Reads its orders (FloodOrders, JSON) from the
 * environment, says `ready` once loaded, floods when its standard input says `go`, and prints what it
 * counted (JoinCounts, JSON) as its last line.
 *
 * The sockets are opened one after the other on one session; then every socket the server has not
 * closed sends its share of `joinProcessingRoom` in each of a few slices of the time given, as fast
 * as it can. Answers still owed after the last slice are waited for a few seconds.
 */
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';

export interface FloodOrders {
  baseUrl: string;
  cookie: string;
  roomId: string;
  sockets: number;
  joinsPerSocket: number;
  overMs: number;
}

export interface JoinCounts {
  socketsOpened: number;
  /** Sockets the server closed after telling why (too many sockets, too many requests). */
  socketsClosed: number;
  sent: number;
  accepted: number;
  refused: number;
}

/** Slices of the joins, each sent at once, so the sockets flood side by side. */
const SLICES = 20;
const ANSWER_WAIT_MS = 5_000;

interface FloodSocket {
  socket: Socket;
  told: boolean;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openSocket(orders: FloodOrders): Promise<FloodSocket> {
  const socket = io(orders.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie: orders.cookie, origin: orders.baseUrl },
  });
  const opened: FloodSocket = { socket, told: false };
  socket.on('sessionNotice', () => (opened.told = true));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(opened));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function flood(orders: FloodOrders): Promise<JoinCounts> {
  const sockets: FloodSocket[] = [];
  const counts = { sent: 0, accepted: 0, refused: 0 };
  try {
    for (let i = 0; i < orders.sockets; i += 1) sockets.push(await openSocket(orders));
    const perSlice = Math.ceil(orders.joinsPerSocket / SLICES);
    for (let slice = 0; slice < SLICES; slice += 1) {
      for (const { socket } of sockets) {
        for (let i = 0; i < perSlice && socket.connected; i += 1) {
          counts.sent += 1;
          socket.emit('joinProcessingRoom', orders.roomId, (answer: { ok?: boolean }) => (answer?.ok ? (counts.accepted += 1) : (counts.refused += 1)));
        }
      }
      await pause(orders.overMs / SLICES);
    }
    const deadline = Date.now() + ANSWER_WAIT_MS;
    while (Date.now() < deadline && sockets.some(({ socket }) => socket.connected) && counts.accepted + counts.refused < counts.sent) await pause(20);
    return { ...counts, socketsOpened: sockets.length, socketsClosed: sockets.filter(({ socket, told }) => told && !socket.connected).length };
  } finally {
    for (const { socket } of sockets) socket.close();
  }
}

if (require.main === module) {
  const orders = JSON.parse(process.env.FLOOD_ORDERS ?? '{}') as FloodOrders;
  console.log('ready');
  createInterface({ input: process.stdin }).once('line', () => {
    flood(orders).then(
      (counts) => {
        console.log(JSON.stringify(counts));
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
