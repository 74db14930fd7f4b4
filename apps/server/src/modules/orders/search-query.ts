/** At most this many words of a search are used; more would only slow the query down. */
const MAX_WORDS = 6;

/**
 * Turns what a reseller typed into a `to_tsquery('simple', ...)` text: every word must match the
 * start of a word of the OrderId, a name or the tracking number (`smi` finds "Smith", `LBL-10042`
 * finds that order, `1Z999` finds that tracking number). Only letters and digits reach the query,
 * so no input can break its syntax. Null when nothing searchable was typed (see decision 042).
 */
export function toSearchQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // Every order has the word 'lbl' (its OrderId prefix): next to a number it only slows the index down.
  const useful = words.length > 1 ? words.filter((w) => w !== 'lbl') : words;
  const kept = useful.slice(0, MAX_WORDS);
  return kept.length > 0 ? kept.map((w) => `${w}:*`).join(' & ') : null;
}
