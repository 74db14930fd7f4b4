import type { TeamRole } from '@portal/shared';
import type { Database } from '../../db/client.ts';

/**
 * Who a signed-in request is: all that guards and most handlers need. `id` is the account (the reseller's
 * row: balance, orders, addresses), so handlers scope by it; `memberId` is the person signed in, the same
 * id for the account's own owner (decision 326).
 */
export type Identity = {
  id: string;
  /** The person's staff role: `admin` for staff. */
  role: 'user' | 'admin';
  /** Whether the person signs in with a second factor: staff without one are kept out of the console. */
  hasTwoFactor?: boolean;
  memberId: string;
  /** The member's role in the team, or the key's when lower (an API key). */
  teamRole: TeamRole;
  /** The account requires a second factor of every member. */
  teamRequiresTwoFactor: boolean;
  /** The team API key of the request, if any. */
  apiKey?: { id: string; name: string } | null;
};

/** What a session token or an API key stands for, as the database answered. */
export type Credential = {
  sessionId: string;
  user: Identity;
  /** When a session ends by itself; null for an API key. */
  expiresAt: Date | null;
};

export type IdentityCache = {
  /**
   * The credential under `key` from memory, or from `load` (the database), remembered for the next
   * request. A credential `load` does not find (null) is never remembered.
   */
  get: (key: string, load: () => Promise<Credential | null>) => Promise<Credential | null>;
  /** Forgets every credential of the user in this process, at once (the others hear of it by NOTIFY). */
  forget: (userId: string) => void;
  size: () => number;
  stop: () => Promise<void>;
};

/** The channel the migration 0019 triggers notify on, with the user's id. */
export const AUTH_CHANGED_CHANNEL = 'auth_changed';
/** Even with every notification heard, an answer is asked again after this long. */
export const REMEMBER_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Entry = { credential: Credential; until: number };

/**
 * Session tokens and API keys remembered per process (decision 222), so a signed-in request costs no
 * database round trip for who it is. Only while this process hears every change: it listens for the
 * database's `auth_changed` notifications (a session ended; an account's role, disabled state or API key
 * changed) and forgets that user's credentials; while the listening connection is lost it remembers
 * nothing. An answer read from the database while a notification arrived is not remembered, since it may
 * be older than the change.
 */
export async function createIdentityCache(
  database: Pick<Database, 'listen'>,
  now: () => number = Date.now,
): Promise<IdentityCache> {
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  let live = false;
  /** Moves on every notification and every change of `live`; a load that saw it move is not kept. */
  let generation = 0;

  // A credential is forgotten when its member or its account changes.
  const idsOf = (credential: Credential) => new Set([credential.user.id, credential.user.memberId]);
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const id of idsOf(entry.credential)) {
      const keys = keysOfUser.get(id);
      keys?.delete(key);
      if (keys?.size === 0) keysOfUser.delete(id);
    }
  };
  const forget = (userId: string) => {
    generation += 1;
    for (const key of [...(keysOfUser.get(userId) ?? [])]) drop(key);
    keysOfUser.delete(userId);
  };
  const keep = (key: string, credential: Credential, until: number) => {
    drop(key);
    // A Map iterates in insertion order: past the limit the oldest answer goes first.
    if (entries.size >= MAX_ENTRIES) drop(entries.keys().next().value!);
    entries.set(key, { credential, until });
    for (const id of idsOf(credential)) {
      const keys = keysOfUser.get(id) ?? new Set<string>();
      keysOfUser.set(id, keys.add(key));
    }
  };

  const stopListening = await database.listen(AUTH_CHANGED_CHANNEL, {
    onPayload: forget,
    onLive: (isLive) => {
      generation += 1;
      live = isLive;
      entries.clear();
      keysOfUser.clear();
    },
  });

  return {
    get: async (key, load) => {
      const asked = now();
      const entry = entries.get(key);
      if (entry && entry.until > asked) return entry.credential;
      if (entry) drop(key);
      const seen = generation;
      const credential = await load();
      if (credential && live && generation === seen) {
        const ends = credential.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
        keep(key, credential, Math.min(asked + REMEMBER_MS, ends));
      }
      return credential;
    },
    forget,
    size: () => entries.size,
    stop: stopListening,
  };
}
