import { openingTime, socketsOverLimits } from '@/server/realtime/socketLimits';

const limits = { maxSocketsPerSession: 2, maxSocketsPerUser: 3 };

function socket(id: string, sessionId: string, openedAt: number) {
  return { id, data: { user: { sessionId }, openedAt } };
}

describe('the sockets past the limits', () => {
  it("are a session's oldest past its limit, and the user's oldest past theirs, oldest first", () => {
    const sockets = [socket('a1', 'A', 1), socket('b1', 'B', 2), socket('a2', 'A', 3), socket('a3', 'A', 4), socket('b2', 'B', 5)];
    // Newest first: b2, a3 and a2 are kept (a2 is A's second and the user's third); b1 is past the user's limit, a1 past A's.
    expect(socketsOverLimits(sockets, limits).map((s) => s.id)).toEqual(['a1', 'b1']);
  });

  it('keeps everything within the limits, and always the newest socket', () => {
    expect(socketsOverLimits([socket('a1', 'A', 1), socket('b1', 'B', 2)], limits)).toEqual([]);
    expect(socketsOverLimits([socket('x', 'A', 7)], { maxSocketsPerSession: 1, maxSocketsPerUser: 1 })).toEqual([]);
  });

  it('orders sockets opened at the same instant by id, so every process closes the same one', () => {
    const tie = [socket('b', 'A', 1), socket('a', 'A', 1), socket('c', 'A', 1)];
    expect(socketsOverLimits(tie, limits).map((s) => s.id)).toEqual(['a']);
    expect(socketsOverLimits([...tie].reverse(), limits).map((s) => s.id)).toEqual(['a']);
  });

  it('reads opening times that never tie within a process', () => {
    const times = Array.from({ length: 50 }, () => openingTime());
    for (let i = 1; i < times.length; i += 1) expect(times[i]).toBeGreaterThan(times[i - 1]);
  });
});
