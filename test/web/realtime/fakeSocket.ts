/**
 * A stand-in for the socket.io client: the middleware talks to it as to the real one, and a test plays
 * the server's part (connects it, refuses it, answers joins, pushes updates). No network is involved.
 */
import type { ConnectError, JoinAnswer, ProcessingUpdate, RealtimeSocket, SessionNotice, UploadReviewed } from '@/web/realtime/realtimeEvents';

type Listener = (...args: never[]) => void;

export interface SentEvent {
  event: 'joinProcessingRoom' | 'leaveProcessingRoom';
  room: string;
}

export class FakeSocket {
  connected = false;
  connectCalls = 0;
  disconnectCalls = 0;
  readonly sent: SentEvent[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  private readonly pendingJoins: { room: string; ack: (answer: JoinAnswer) => void }[] = [];

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: SentEvent['event'], room: string, ack?: (answer: JoinAnswer) => void) {
    this.sent.push({ event, room });
    if (event === 'joinProcessingRoom' && ack) this.pendingJoins.push({ room, ack });
    return this;
  }

  connect() {
    this.connectCalls += 1;
    return this;
  }

  disconnect() {
    this.disconnectCalls += 1;
    this.connected = false;
    return this;
  }

  /** The rooms joined so far, in order. */
  joins(): string[] {
    return this.sent.filter(({ event }) => event === 'joinProcessingRoom').map(({ room }) => room);
  }

  leaves(): string[] {
    return this.sent.filter(({ event }) => event === 'leaveProcessingRoom').map(({ room }) => room);
  }

  // The server's side.

  acceptConnection() {
    this.connected = true;
    this.fire('connect');
  }

  drop(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  refuse(code: string, message = 'Refused') {
    const error: ConnectError = Object.assign(new Error(message), { data: { code } });
    this.fire('connect_error', error);
  }

  push(update: ProcessingUpdate) {
    this.fire('processingUpdate', update);
  }

  /** An admin's decision on an upload this person may see. */
  review(event: UploadReviewed) {
    this.fire('uploadReviewed', event);
  }

  /** What the server says just before it closes the socket (then `drop('io server disconnect')`). */
  tell(notice: SessionNotice) {
    this.fire('sessionNotice', notice);
  }

  /** Answers the oldest unanswered join of a room. */
  answerJoin(room: string, answer: JoinAnswer) {
    const index = this.pendingJoins.findIndex((join) => join.room === room);
    if (index < 0) throw new Error(`No join of ${room} is waiting for an answer`);
    const [join] = this.pendingJoins.splice(index, 1);
    join.ack(answer);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...values: unknown[]) => void)(...args);
  }
}

/** Opens fake sockets and keeps them, newest last. */
export function fakeSockets() {
  const opened: FakeSocket[] = [];
  return {
    opened,
    open: (): RealtimeSocket => {
      const socket = new FakeSocket();
      opened.push(socket);
      return socket as unknown as RealtimeSocket;
    },
    get latest(): FakeSocket {
      const socket = opened[opened.length - 1];
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
}

export function update(processingId: string, status: ProcessingUpdate['status'], extra: Partial<ProcessingUpdate> = {}): ProcessingUpdate {
  return { processingId, jobId: null, status, message: null, error: null, ...extra };
}
