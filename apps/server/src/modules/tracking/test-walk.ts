import type { TrackingStatus } from '@portal/shared';
import type { IncomingTrackingEvent } from '../../labels/providers/upstream/provider-tracking.ts';

/**
 * The test-mode walk (a label bought from no provider, decision 278 and 319): it leaves from the order's
 * From city, passes a carrier hub between the two ends, and ends at the To city, so a demo reads like a
 * real parcel. Every `TEST_TRACKING_STEP_SECONDS` after the label it moves one step on.
 */
export type Place = { city: string; state: string };
export type WalkRoute = { from: Place; to: Place };

type Step = { status: TrackingStatus; description: string; at: 'from' | 'hub' | 'to' };
const STEPS: readonly Step[] = [
  { status: 'pre_transit', description: 'Shipping label created', at: 'from' },
  { status: 'in_transit', description: 'Accepted at origin facility', at: 'from' },
  { status: 'in_transit', description: 'Arrived at regional hub', at: 'hub' },
  { status: 'out_for_delivery', description: 'Out for delivery', at: 'to' },
  { status: 'delivered', description: 'Delivered, front door', at: 'to' },
];
export const TEST_WALK_STEPS = STEPS.length;

/** Approximate centres (latitude, longitude) of the states and territories labels ship between. */
const CENTRES: Record<string, readonly [number, number]> = {
  AL: [32.8, -86.8], AK: [61.2, -149.9], AZ: [34.3, -111.7], AR: [34.9, -92.4], CA: [37.2, -119.5],
  CO: [39.0, -105.5], CT: [41.6, -72.7], DE: [39.0, -75.5], DC: [38.9, -77.0], FL: [28.6, -82.4],
  GA: [32.7, -83.4], HI: [21.3, -157.9], ID: [44.4, -114.6], IL: [40.0, -89.2], IN: [39.9, -86.3],
  IA: [42.1, -93.5], KS: [38.5, -98.4], KY: [37.5, -85.3], LA: [31.1, -92.0], ME: [45.4, -69.2],
  MD: [39.0, -76.8], MA: [42.3, -71.8], MI: [44.3, -85.4], MN: [46.3, -94.3], MS: [32.7, -89.7],
  MO: [38.4, -92.5], MT: [47.0, -109.6], NE: [41.5, -99.8], NV: [39.3, -116.6], NH: [43.7, -71.6],
  NJ: [40.2, -74.7], NM: [34.4, -106.1], NY: [42.9, -75.5], NC: [35.6, -79.4], ND: [47.5, -100.5],
  OH: [40.3, -82.8], OK: [35.6, -97.5], OR: [43.9, -120.6], PA: [40.9, -77.8], RI: [41.7, -71.5],
  SC: [33.9, -80.9], SD: [44.4, -100.2], TN: [35.9, -86.4], TX: [31.5, -99.3], UT: [39.3, -111.7],
  VT: [44.1, -72.7], VA: [37.5, -78.8], WA: [47.4, -120.5], WV: [38.6, -80.6], WI: [44.6, -89.9],
  WY: [43.0, -107.5], PR: [18.2, -66.5],
}; // prettier-ignore

/** Sorting hubs of the kind the carriers run (USPS, UPS and FedEx alike). */
const HUBS: readonly (Place & { at: readonly [number, number] })[] = [
  { city: 'Seattle', state: 'WA', at: [47.6, -122.3] },
  { city: 'Oakland', state: 'CA', at: [37.8, -122.3] },
  { city: 'Los Angeles', state: 'CA', at: [34.1, -118.2] },
  { city: 'Salt Lake City', state: 'UT', at: [40.8, -111.9] },
  { city: 'Phoenix', state: 'AZ', at: [33.4, -112.1] },
  { city: 'Denver', state: 'CO', at: [39.7, -105.0] },
  { city: 'Dallas', state: 'TX', at: [32.8, -96.8] },
  { city: 'Kansas City', state: 'MO', at: [39.1, -94.6] },
  { city: 'Minneapolis', state: 'MN', at: [45.0, -93.3] },
  { city: 'Chicago', state: 'IL', at: [41.9, -87.6] },
  { city: 'Memphis', state: 'TN', at: [35.1, -90.0] },
  { city: 'Louisville', state: 'KY', at: [38.3, -85.8] },
  { city: 'Atlanta', state: 'GA', at: [33.7, -84.4] },
  { city: 'Jacksonville', state: 'FL', at: [30.3, -81.7] },
  { city: 'Columbus', state: 'OH', at: [40.0, -83.0] },
  { city: 'Philadelphia', state: 'PA', at: [40.0, -75.2] },
  { city: 'Boston', state: 'MA', at: [42.4, -71.1] },
];
/** Where a parcel between two places nobody has on the map is sorted (UPS Worldport). */
const CENTRAL_HUB: Place = { city: 'Louisville', state: 'KY' };

/** Great-circle distance in km. */
function km([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.sqrt(a));
}

const sameCity = (a: Place, b: Place) =>
  a.city.trim().toLowerCase() === b.city.trim().toLowerCase() &&
  a.state.trim().toUpperCase() === b.state.trim().toUpperCase();

const centreOf = (p: Place) => CENTRES[p.state.trim().toUpperCase()];

/**
 * The hub between two places (by their states' centres, never either end's own city): the shortest way
 * through it, with half the difference of its two legs added, so a hub midway beats one at an end.
 */
export function hubBetween(from: Place, to: Place): Place {
  const a = centreOf(from) ?? centreOf(to);
  const b = centreOf(to) ?? a;
  if (!a || !b) return CENTRAL_HUB;
  let best: Place = CENTRAL_HUB;
  let lowest = Infinity;
  for (const hub of HUBS) {
    if (sameCity(hub, from) || sameCity(hub, to)) continue;
    const [first, second] = [km(a, hub.at), km(hub.at, b)];
    const score = first + second + Math.abs(first - second) / 2;
    if (score < lowest) [best, lowest] = [{ city: hub.city, state: hub.state }, score];
  }
  return best;
}

/** The walk's events reached by `now` for a label made at `start`, on the order's way. */
export function testWalkEvents(
  start: Date,
  now: Date,
  stepMs: number,
  route: WalkRoute,
): IncomingTrackingEvent[] {
  const places = { from: route.from, hub: hubBetween(route.from, route.to), to: route.to };
  const reached = Math.min(STEPS.length - 1, Math.floor((now.getTime() - start.getTime()) / stepMs));
  return STEPS.slice(0, reached + 1).map((step, i) => ({
    key: `test:${i}`,
    time: new Date(start.getTime() + i * stepMs),
    status: step.status,
    description: step.description,
    city: places[step.at].city,
    state: places[step.at].state,
  }));
}
