/**
 * Joins the server refused for timing (the page asked too quickly, or the server was busy) are made
 * again later rather than given up. They are spaced: the n-th one waiting goes after n times the delay
 * the server named, so a page that had many refused at once asks again at the rate the server allows
 * instead of being refused all over again.
 */
export interface RejoinSchedule {
  /** Joins the room again after the server's delay (once, however often it is asked while waiting). */
  schedule(room: string, retryInMs: number): void;
  /** Forgets every waiting join: the socket closed, or connecting again joins every room anyway. */
  clear(): void;
}

export function rejoinSchedule(rejoin: (room: string) => void): RejoinSchedule {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  return {
    schedule(room, retryInMs) {
      if (waiting.has(room)) return;
      const timer = setTimeout(() => {
        waiting.delete(room);
        rejoin(room);
      }, retryInMs * (waiting.size + 1));
      waiting.set(room, timer);
    },
    clear() {
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
