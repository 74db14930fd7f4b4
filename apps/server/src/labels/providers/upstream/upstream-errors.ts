/**
 * An upstream call whose outcome is not known: a timeout, a lost connection, a 5xx on a buying call, an
 * answer that does not parse. A label may have been bought; the purchase must be looked up before any
 * other provider is tried (decision 240).
 */
export class UpstreamUnknownOutcomeError extends Error {
  override readonly name = 'UpstreamUnknownOutcomeError';
}
