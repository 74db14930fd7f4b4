/**
 * The reseller's day (decision 355): "today" and a label's ship date are dates where the reseller is, not
 * in UTC. The browser names its IANA zone in `x-time-zone` with every call; a call without one (or with
 * a zone this server does not know) is read in the portal's `PORTAL_TIME_ZONE`.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone a request names, else `fallback` (the portal's). */
export function zoneOfRequest(
  headers: Record<string, string | string[] | undefined>,
  fallback: string,
): string {
  const value = headers[TIME_ZONE_HEADER];
  const zone = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  return isTimeZone(zone) ? zone : fallback;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (zone: string) => {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateFormats.set(zone, format);
  }
  return format;
};

/** The wall-clock time in `zone` at `instant`, as if it were UTC (milliseconds). */
function wallClockMs(instant: Date, zone: string): number {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The date (`YYYY-MM-DD`) in `zone` at `instant`. */
export const dateIn = (instant: Date, zone: string): string =>
  new Date(wallClockMs(instant, zone)).toISOString().slice(0, 10);

/** The instant a date (`YYYY-MM-DD`) begins in `zone`, daylight saving included. */
export function startOfDayIn(date: string, zone: string): Date {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  let start = midnight;
  // The zone's offset at the guess, then again at the answer (a change of offset that night moves it).
  for (let i = 0; i < 2; i++) start = midnight - (wallClockMs(new Date(start), zone) - start);
  return new Date(start);
}
