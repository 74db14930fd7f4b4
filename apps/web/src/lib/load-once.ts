/**
 * `load` run on the first call and its promise shared by every caller after it. A failed load is
 * forgotten, so the next call tries again (a chunk fetched on demand, a read made once per page load).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
