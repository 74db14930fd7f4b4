import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client.ts';
import {
  countSearchMatches,
  readHistoryPage,
  readHistoryPageUnlessAt,
  readHistoryVersion,
  readSearchPageByGather,
  readSearchPageByWalk,
  type ListedOrder,
  type OrderListFilter,
  type PageFacts,
  type PageRead,
} from './order-list.repository.ts';

export type OrderListPage = { rows: ListedOrder[]; total: number; facts: PageFacts };

/** A search's number of matches at one version of the reseller's history, and how many orders it looked at. */
type Counted = { version: number; matches: number; inScope: number };

/** Searches remembered per database and process; each is checked against the database's version before use. */
const MAX_CACHED_COUNTS = 5000;

type Memory = {
  /** Search counts; past the bound, the ones used longest ago are forgotten. */
  counts: LRUCache<string, Counted>;
  /** Counts being made: simultaneous first searches for the same words wait for one count, not one each. */
  counting: Map<string, Promise<Counted>>;
  /** Pages, bounded by the orders they hold (an empty page counts as one); null remembers none. */
  pages: LRUCache<string, OrderListPage> | null;
};
const memories = new WeakMap<DbOrTx, Memory>();
const memoryOf = (db: DbOrTx): Memory => {
  let memory = memories.get(db);
  if (!memory)
    memories.set(
      db,
      (memory = { counts: new LRUCache({ max: MAX_CACHED_COUNTS }), counting: new Map(), pages: null }),
    );
  return memory;
};

/**
 * How many orders the pages remembered for `db` may hold (`ORDER_PAGE_MEMORY_ROWS`, about 2.5 kB each as
 * read); 0 remembers none. Nothing is remembered until this is called, and pages remembered before are
 * forgotten.
 */
export function cachePagesUpTo(db: DbOrTx, maxRows: number): void {
  memoryOf(db).pages =
    maxRows > 0
      ? new LRUCache({ maxSize: maxRows, sizeCalculation: (page) => Math.max(page.rows.length, 1) })
      : null;
}

/**
 * A page the reseller asked for, from memory when nothing it shows has changed since it was read
 * (decision 228). The dashboard polls its page every few seconds and resellers' tools poll
 * `read-orders`; such a poll then costs one indexed read of `order_stats` instead of the page's rows.
 * The check reads the version in its own snapshot: every change a page shows moves it in the same
 * transaction (migration 0021), so an equal version means equal rows and total. The pages are kept per
 * process, so every instance on one PostgreSQL checks for itself.
 *
 * Only for reads outside a transaction: a transaction could read its own uncommitted rows at a version
 * that later means something else.
 */
export async function listOrdersCached(db: DbOrTx, filter: OrderListFilter): Promise<OrderListPage> {
  const { pages } = memoryOf(db);
  if (!pages) return listOrders(db, filter);
  const key = `${filter.userId} ${filter.status ?? 'All'} ${filter.sort} ${filter.offset} ${filter.limit} ${filter.tsQuery ?? ''}`;
  const known = pages.get(key);
  const page = known ? await knownOrFresh(db, filter, known) : await listOrders(db, filter);
  pages.set(key, page);
  return page;
}

/** `known` while the history is still at its version, else the page read again. */
async function knownOrFresh(
  db: DbOrTx,
  filter: OrderListFilter,
  known: OrderListPage,
): Promise<OrderListPage> {
  if (filter.tsQuery)
    return (await readHistoryVersion(db, filter.userId)) === known.facts.version
      ? known
      : listOrders(db, filter);
  const read = await readHistoryPageUnlessAt(db, filter, known.facts.version);
  return read === 'unchanged' ? known : historyPage(read);
}

/** A page of the history without a search: its total is the count of orders the status covers. */
const historyPage = (read: PageRead): OrderListPage => ({ ...read, total: read.facts.inScope });

/**
 * Walking the history in order reads about (offset + limit) x inScope / matches orders; gathering
 * every match reads `matches` of them. Walk when that is less.
 */
const walkIsCheaper = (counted: Counted, filter: OrderListFilter): boolean =>
  counted.matches > 0 &&
  ((filter.offset + filter.limit) * counted.inScope) / counted.matches < counted.matches;

/**
 * One page of a reseller's orders and the total the filter matches (decision 210). Without a search
 * the total comes from the counts triggers keep. A search's total is counted once per version of the
 * history (`order_stats.version` moves with every change to the reseller's orders), so a common name
 * is not counted again on every poll; the page itself is always read fresh.
 */
export async function listOrders(db: DbOrTx, filter: OrderListFilter): Promise<OrderListPage> {
  const tsQuery = filter.tsQuery;
  if (!tsQuery) return historyPage(await readHistoryPage(db, filter));
  const { counts, counting } = memoryOf(db);
  const key = `${filter.userId} ${filter.status ?? 'All'} ${tsQuery}`;
  const known = counts.get(key) ?? (await counting.get(key)?.catch(() => undefined));
  if (known && walkIsCheaper(known, filter)) {
    const page = await readSearchPageByWalk(db, filter);
    if (page.facts.version === known.version) {
      counts.set(key, known);
      return { ...page, total: known.matches };
    }
    const counted = await countSearchMatches(db, filter);
    counts.set(key, { ...counted, inScope: page.facts.inScope });
    return { ...page, total: counted.matches };
  }
  const reading = readSearchPageByGather(db, filter);
  if (!counting.has(key)) {
    const counted = reading.then((p) => ({
      version: p.facts.version,
      matches: p.matches,
      inScope: p.facts.inScope,
    }));
    counting.set(key, counted);
    void counted
      .then(
        (c) => counts.set(key, c),
        () => undefined,
      )
      .finally(() => counting.delete(key));
  }
  const page = await reading;
  return { ...page, total: page.matches };
}
