import { AsyncLocalStorage } from 'node:async_hooks';
import type { TeamRole } from '@portal/shared';

/** Who a request acts as: the account, the member and, for an API call, the key (decision 326). */
export type Actor = {
  accountId: string;
  memberId: string;
  role: TeamRole;
  apiKey: { id: string; name: string } | null;
};

type Slot = { actorOf: () => Actor | null };
const storage = new AsyncLocalStorage<Slot>();

/**
 * Runs the rest of a request with its actor in reach, so the one charge path holds every purchase to the
 * member's daily limit and names the buyer, on every route that buys, without each passing it on.
 * `actorOf` is read when needed: the request is signed in by then.
 */
export const runWithActor = (actorOf: () => Actor | null, next: () => void): void =>
  storage.run({ actorOf }, next);

/** The actor of the request being served; null outside a request (jobs) or before sign-in. */
export const currentActor = (): Actor | null => storage.getStore()?.actorOf() ?? null;
