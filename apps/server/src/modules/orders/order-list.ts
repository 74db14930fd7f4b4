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
const MAX_REMEMBERED = 5000;

type Memory = {
  counts: Map<string, Counted>;
  /** Counts being made: simultaneous first searches for the same words wait for one count, not one each. */
  counting: Map<string, Promise<Counted>>;
  pages: Map<string, OrderListPage>;
  /** The orders held by `pages`, an empty page counting as one, and how many it may hold. */
  rows: number;
  maxRows: number;
};
const memories = new WeakMap<DbOrTx, Memory>();
const memoryOf = (db: DbOrTx): Memory => {
  let memory = memories.get(db);
  if (!memory)
    memories.set(
      db,
      (memory = { counts: new Map(), counting: new Map(), pages: new Map(), rows: 0, maxRows: 0 }),
    );
  return memory;
};

function remember(counts: Map<string, Counted>, key: string, counted: Counted): void {
  counts.delete(key);
  counts.set(key, counted);
  // A Map keeps insertion order: the first key is the one used longest ago.
  if (counts.size > MAX_REMEMBERED) counts.delete(counts.keys().next().value!);
}

const weight = (page: OrderListPage): number => Math.max(page.rows.length, 1);

function rememberPage(memory: Memory, key: string, page: OrderListPage): void {
  forgetPage(memory, key);
  memory.pages.set(key, page);
  memory.rows += weight(page);
  keepWithinBound(memory);
}

/** Forgets the pages used longest ago (a Map's first keys) until the rest fit the bound. */
function keepWithinBound(memory: Memory): void {
  while (memory.rows > memory.maxRows) forgetPage(memory, memory.pages.keys().next().value!);
}

/**
 * How many orders the pages remembered for `db` may hold (`ORDER_PAGE_MEMORY_ROWS`, about 2.5 kB each as
 * read); 0 remembers none. Nothing is remembered until this is called.
 */
export function rememberPagesUpTo(db: DbOrTx, maxRows: number): void {
  const memory = memoryOf(db);
  memory.maxRows = maxRows;
  keepWithinBound(memory);
}

function forgetPage(memory: Memory, key: string): void {
  const page = memory.pages.get(key);
  if (!page) return;
  memory.pages.delete(key);
  memory.rows -= weight(page);
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
export async function listOrdersRemembered(db: DbOrTx, f: OrderListFilter): Promise<OrderListPage> {
  const memory = memoryOf(db);
  if (memory.maxRows === 0) return listOrders(db, f);
  const key = `${f.userId} ${f.status ?? 'All'} ${f.sort} ${f.offset} ${f.limit} ${f.tsQuery ?? ''}`;
  const known = memory.pages.get(key);
  const page = known ? await knownOrFresh(db, f, known) : await listOrders(db, f);
  rememberPage(memory, key, page);
  return page;
}

/** `known` while the history is still at its version, else the page read again. */
async function knownOrFresh(db: DbOrTx, f: OrderListFilter, known: OrderListPage): Promise<OrderListPage> {
  if (f.tsQuery)
    return (await readHistoryVersion(db, f.userId)) === known.facts.version ? known : listOrders(db, f);
  const read = await readHistoryPageUnlessAt(db, f, known.facts.version);
  return read === 'unchanged' ? known : historyPage(read);
}

/** A page of the history without a search: its total is the count of orders the status covers. */
const historyPage = (read: PageRead): OrderListPage => ({ ...read, total: read.facts.inScope });

/**
 * Walking the history in order reads about (offset + limit) x inScope / matches orders; gathering
 * every match reads `matches` of them. Walk when that is less.
 */
const walkIsCheaper = (c: Counted, f: OrderListFilter): boolean =>
  c.matches > 0 && ((f.offset + f.limit) * c.inScope) / c.matches < c.matches;

/**
 * One page of a reseller's orders and the total the filter matches (decision 210). Without a search
 * the total comes from the counts triggers keep. A search's total is counted once per version of the
 * history (`order_stats.version` moves with every change to the reseller's orders), so a common name
 * is not counted again on every poll; the page itself is always read fresh.
 */
export async function listOrders(db: DbOrTx, f: OrderListFilter): Promise<OrderListPage> {
  const tsQuery = f.tsQuery;
  if (!tsQuery) return historyPage(await readHistoryPage(db, f));
  const { counts, counting } = memoryOf(db);
  const key = `${f.userId} ${f.status ?? 'All'} ${tsQuery}`;
  const known = counts.get(key) ?? (await counting.get(key)?.catch(() => undefined));
  if (known && walkIsCheaper(known, f)) {
    const page = await readSearchPageByWalk(db, f);
    if (page.facts.version === known.version) {
      remember(counts, key, known);
      return { ...page, total: known.matches };
    }
    const counted = await countSearchMatches(db, f);
    remember(counts, key, { ...counted, inScope: page.facts.inScope });
    return { ...page, total: counted.matches };
  }
  const reading = readSearchPageByGather(db, f);
  if (!counting.has(key)) {
    const counted = reading.then((p) => ({
      version: p.facts.version,
      matches: p.matches,
      inScope: p.facts.inScope,
    }));
    counting.set(key, counted);
    void counted
      .then(
        (c) => remember(counts, key, c),
        () => undefined,
      )
      .finally(() => counting.delete(key));
  }
  const page = await reading;
  return { ...page, total: page.matches };
}
