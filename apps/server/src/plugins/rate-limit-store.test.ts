import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../../test/helper.ts';
import { memoryHitCounter, postgresHitCounter, type HitCounter } from './rate-limit-store.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The one rate-limit rule, on both backends: counts in a window that opens at a key's first hit. */
describe.each(['memory', 'postgres'] as const)('%s hit counter', (backend) => {
  let database: Database | undefined;
  let counter: HitCounter;
  beforeAll(async () => {
    if (backend === 'memory') counter = memoryHitCounter();
    else {
      database = await createTestDatabase('postgres', 30);
      await database.migrate();
      counter = postgresHitCounter(database.db);
    }
  });
  afterAll(async () => database?.close());

  it('counts simultaneous hits once each, and keys apart', async () => {
    const hits = await Promise.all(Array.from({ length: 60 }, () => counter('race', 60_000)));
    expect(hits.map((h) => h.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 60 }, (_, i) => i + 1),
    );
    expect(hits.every((h) => h.ttl > 0 && h.ttl <= 60_000)).toBe(true);
    expect((await counter('other', 60_000)).current).toBe(1);
  });

  it('starts again at 1 once the window has ended', async () => {
    expect((await counter('short', 300)).current).toBe(1);
    expect((await counter('short', 300)).current).toBe(2);
    await sleep(350);
    const fresh = await counter('short', 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(200);
  });
});
