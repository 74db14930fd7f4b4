/** What stands in a logged URL for a query value (pino's own word for redacted fields). */
export const REDACTED = '[Redacted]';

/**
 * A URL fit for the log: its query's names kept, their values replaced, its fragment and any user
 * name or password dropped (decision 313). A query carries secrets more often than one would like
 * (Shippo's webhook token, a reseller's own endpoint key), and a log outlives them.
 */
export function redactUrl(url: string): string {
  const [beforeFragment = ''] = url.split('#', 1);
  const at = beforeFragment.indexOf('?');
  let base = at === -1 ? beforeFragment : beforeFragment.slice(0, at);
  base = base.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?]*@/i, '$1');
  if (at === -1) return base;
  const names = beforeFragment
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=${REDACTED}`);
  return names.length > 0 ? `${base}?${names.join('&')}` : base;
}
