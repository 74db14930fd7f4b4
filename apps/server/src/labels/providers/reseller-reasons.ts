/**
 * What a reseller reads when a provider refused (decision 314): a plain reason of ours, never the
 * provider's own words, which can hold our cost, our balance there, internal addresses or the
 * provider's name. Staff keep the provider's words (the order's `providerNote`, provider calls).
 */
export const RESELLER_REASONS = {
  /** The carrier could not use the sender's or the recipient's address. */
  address: 'The carrier refused this label: the address could not be used',
  /** The provider does not sell the label type's service for this shipment. */
  service: 'The carrier does not offer this service for this shipment; you were refunded',
  /** Any other refusal or failure to buy. */
  other: 'We could not buy this label; you were refunded',
  /** Every provider's quote left less than the label type's margin floor (decision 332). */
  belowMargin: 'We cannot buy this label at its price right now; you were refunded',
  /** The provider would not void a bought label. */
  voidRefused: 'The carrier would not void this label, so it was not refunded',
} as const;

const PLAIN = new Set<string>(Object.values(RESELLER_REASONS));
const ADDRESS = /\baddress(es)?\b|\bstreet|house number|\bzip\b|postal code|\bcity\b/i;
// Not "503 Service Unavailable": that is the provider's own trouble, not the service it sells.
const SERVICE = /offers no .* rate|no enabled provider|unknown (label type|service)|no such service/i;
// Our own words for an order refused below its margin floor (route-quotes.ts), never a provider's.
const BELOW_MARGIN = /^Below the margin floor:/;

/** The reseller's reason for a label not bought, from the provider's words (a plain reason stays as is). */
export function resellerReasonOf(providerText: string): string {
  if (PLAIN.has(providerText)) return providerText;
  if (BELOW_MARGIN.test(providerText)) return RESELLER_REASONS.belowMargin;
  // An internal address ("http://10.0.0.5 could not be reached") is no postal address.
  const words = providerText.replace(/\b[a-z]+:\/\/\S+/gi, '');
  if (ADDRESS.test(words)) return RESELLER_REASONS.address;
  if (SERVICE.test(words)) return RESELLER_REASONS.service;
  return RESELLER_REASONS.other;
}
