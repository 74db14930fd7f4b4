import type { Carrier } from './label-type-catalog.ts';

/** The carrier behind a label type uid: `fedex*` is FedEx, `ups*` is UPS, everything else ships with USPS. */
export const carrierOfUid = (uid: string): Carrier => {
  const id = uid.toLowerCase();
  if (id.includes('fedex')) return 'fedex';
  if (id.startsWith('ups')) return 'ups';
  return 'usps';
};

const TRACKING_PAGES: Record<Carrier, string> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
};

/** The carrier's public tracking page for a tracking number. */
export const trackingUrl = (carrier: Carrier, tracking: string): string =>
  `${TRACKING_PAGES[carrier]}${encodeURIComponent(tracking.trim())}`;
