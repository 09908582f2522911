/**
 * A token bucket: up to `capacity` at once, then `perSecond` a second. It lets a page join the
 * uploads of a whole list on load (a burst) while a socket that keeps sending is held to a steady,
 * small rate. Time is read from a monotonic clock, so a change of the wall clock neither empties nor
 * fills it.
 */
export class TokenBucket {
  #tokens: number;
  #filledAt: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#tokens = capacity;
    this.#filledAt = now();
  }

  /** Takes a token when there is one; answers whether it did. */
  take(): boolean {
    this.#refill();
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** How long until the next token, in whole milliseconds (0 when one is there). */
  msUntilNext(): number {
    this.#refill();
    return this.#tokens >= 1 ? 0 : Math.ceil(((1 - this.#tokens) / this.perSecond) * 1000);
  }

  #refill(): void {
    const now = this.now();
    this.#tokens = Math.min(this.capacity, this.#tokens + ((now - this.#filledAt) / 1000) * this.perSecond);
    this.#filledAt = now;
  }
}
