/** What `AccessCheckQueue.run` answers when too many checks already wait: the caller refuses with "try again". */
export const QUEUE_FULL = Symbol('queue full');

/**
 * Bounds the database work of the realtime server in one process: at most `atOnce` access checks
 * (a handshake's session, a join's upload) run at a time, and at most `maxWaiting` wait for a turn.
 * The embedded database has one connection that takes statements in arrival order, so however many
 * sockets ask at once, an HTTP request never finds more than `atOnce` of their statements ahead of
 * it; and a check that would wait behind a full queue is refused at once instead of holding memory
 * until its turn.
 */
export class AccessCheckQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    private readonly atOnce: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `check` when a turn is free; answers QUEUE_FULL, without running it, when too many already wait. */
  async run<T>(check: () => Promise<T>): Promise<T | typeof QUEUE_FULL> {
    if (this.#running >= this.atOnce) {
      if (this.#waiting.length >= this.maxWaiting) return QUEUE_FULL;
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await check();
    } finally {
      this.#handOn();
    }
  }

  /** Passes the finished check's turn to the oldest waiting one, or frees it. */
  #handOn(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running -= 1;
  }
}
