import { AccessCheckQueue, QUEUE_FULL } from '@/server/realtime/accessCheckQueue';

/** A check that runs until the test lets it finish. */
function heldCheck(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const check = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { check, finish };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the access check queue', () => {
  it('runs at most its number of checks at once, hands turns on in arrival order, and refuses past its waiting room without running', async () => {
    const log: string[] = [];
    const queue = new AccessCheckQueue(2, 1);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldCheck(log, name));
    const running = [queue.run(a.check), queue.run(b.check), queue.run(c.check)];
    expect(await queue.run(d.check)).toBe(QUEUE_FULL);
    await turn();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await turn();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    a.finish();
    c.finish();
    expect(await Promise.all(running)).toEqual(['a', 'b', 'c']);
    expect(log).not.toContain('start d');
  });

  it('frees the turn of a check that fails', async () => {
    const queue = new AccessCheckQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
