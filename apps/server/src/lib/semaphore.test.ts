import { describe, expect, it } from 'vitest';
import { createSemaphore } from './semaphore.ts';

describe('slots', () => {
  it('runs at most max at once, in arrival order, also when work arrives as a slot frees up', async () => {
    const slots = createSemaphore();
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const job = (n: number) =>
      slots.run(2, async () => {
        started.push(n);
        most = Math.max(most, ++now);
        await new Promise((resolve) => setTimeout(resolve, 2));
        now -= 1;
        return n;
      });
    const first = [1, 2, 3, 4].map(job);
    expect(slots.running).toBe(2);
    expect(slots.waiting).toBe(2);
    // A newcomer arriving just as the first slot is handed on waits behind 3 and 4.
    const late = first[0]!.then(() => job(5));
    expect(await Promise.all([...first, late])).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of work that fails', async () => {
    const slots = createSemaphore();
    await expect(slots.run(1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(1, async () => 'next')).toBe('next');
    expect(slots.running).toBe(0);
  });
});
