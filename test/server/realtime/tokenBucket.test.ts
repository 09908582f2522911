import { TokenBucket } from '@/server/realtime/tokenBucket';

describe('a token bucket', () => {
  it('lets a burst through at once, then refills at its rate up to its capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 10, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    expect(bucket.msUntilNext()).toBe(100);
    now = 50;
    expect(bucket.take()).toBe(false);
    expect(bucket.msUntilNext()).toBe(50);
    now = 100;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    // A long pause fills it to its capacity, no further.
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
