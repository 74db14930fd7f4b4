import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

type Filters = Record<string, string>;
type PagedListOptions<F extends Filters> = {
  /** Typed filters wait this long before they ask the server (a select or a tab asks at once). */
  debounce?: readonly (keyof F)[];
};

const DEBOUNCE_MS = 300;

/**
 * A paged list's state: its filters, the page, and the query to ask with. Changing a filter goes back to
 * page 1; the typed ones (`debounce`) are trimmed and wait until typing stops. `<PageNav {...nav} />` shows
 * the navigator once the list has more than one page.
 */
export function usePagedList<F extends Filters>(initial: F, { debounce = [] }: PagedListOptions<F> = {}) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  // Compared as text, so a render that changes nothing does not restart the wait.
  const [typed] = useDebouncedValue(
    JSON.stringify(Object.fromEntries(debounce.map((key) => [key, filters[key]!.trim()]))),
    DEBOUNCE_MS,
  );
  const query: F = { ...filters, ...(JSON.parse(typed) as Partial<F>) };
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const replaceFilters = (next: F) => {
    setFilters(next);
    setPage(1);
  };
  return { filters, query, page, setFilter, replaceFilters, nav: { page, onPage: setPage } };
}
