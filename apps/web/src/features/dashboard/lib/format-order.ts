import { carrierOfUid, trackingUrl, type OrderView } from '@portal/shared';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export const formatOrderDate = (iso: string): string => DATE_FORMAT.format(new Date(iso));
export const formatOrderDay = (iso: string): string => DAY_FORMAT.format(new Date(iso));
export const formatOrderTime = (iso: string): string => TIME_FORMAT.format(new Date(iso));

/** The carrier's public tracking page for the order's tracking number, if it has one. */
export const trackingLinkOf = (order: OrderView): string | null =>
  order.trackingUrl ??
  (order.tracking ? trackingUrl(carrierOfUid(order.labelType.uid), order.tracking) : null);

/** "bought by packer": who in the team bought the order (issue 45). */
export const boughtBy = (order: { createdBy: { username: string } }): string =>
  `bought by ${order.createdBy.username}`;

/** Whether a member other than the account itself bought it: a team of one reads no name in its history. */
export const isBoughtByMember = (order: { user: string; createdBy: { _id: string } }): boolean =>
  order.createdBy._id !== order.user;
