import type { DbOrTx } from '../../db/client.ts';
import {
  countSearchMatches,
  readHistoryPage,
  readSearchPageByGather,
  readSearchPageByWalk,
  type ListedOrder,
  type OrderListFilter,
  type PageFacts,
} from './order-list.repository.ts';

export type OrderListPage = { rows: ListedOrder[]; total: number; facts: PageFacts };

/** A search's number of matches at one version of the reseller's history, and how many orders it looked at. */
type Counted = { version: number; matches: number; inScope: number };

/** Searches remembered per process; each is checked against the database's version before use. */
const MAX_REMEMBERED = 5000;
const remembered = new Map<string, Counted>();
/** Counts being made: simultaneous first searches for the same words wait for one count, not one each. */
const counting = new Map<string, Promise<Counted>>();

function remember(key: string, counted: Counted): void {
  remembered.delete(key);
  remembered.set(key, counted);
  // A Map keeps insertion order: the first key is the one used longest ago.
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

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
  if (!tsQuery) {
    const page = await readHistoryPage(db, f);
    return { ...page, total: page.facts.inScope };
  }
  const key = `${f.userId} ${f.status ?? 'All'} ${tsQuery}`;
  const known = remembered.get(key) ?? (await counting.get(key)?.catch(() => undefined));
  if (known && walkIsCheaper(known, f)) {
    const page = await readSearchPageByWalk(db, f);
    if (page.facts.version === known.version) {
      remember(key, known);
      return { ...page, total: known.matches };
    }
    const counted = await countSearchMatches(db, f);
    remember(key, { ...counted, inScope: page.facts.inScope });
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
        (c) => remember(key, c),
        () => undefined,
      )
      .finally(() => counting.delete(key));
  }
  const page = await reading;
  return { ...page, total: page.matches };
}
