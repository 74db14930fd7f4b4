/**
 * Places for webhook attempts in flight in this instance, per endpoint and per reseller (decision 271),
 * so one reseller's slow or dead endpoints cannot take every worker.
 */
export type DeliverySlots = {
  /** A place for one attempt to `endpointId` of `userId`, or null when either is at its limit. */
  tryTake: (endpointId: string, userId: string) => (() => void) | null;
};

export function createDeliverySlots(limits: { perEndpoint: number; perReseller: number }): DeliverySlots {
  const byEndpoint = new Map<string, number>();
  const byReseller = new Map<string, number>();
  const change = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next === 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    tryTake(endpointId, userId) {
      if ((byEndpoint.get(endpointId) ?? 0) >= limits.perEndpoint) return null;
      if ((byReseller.get(userId) ?? 0) >= limits.perReseller) return null;
      change(byEndpoint, endpointId, 1);
      change(byReseller, userId, 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        change(byEndpoint, endpointId, -1);
        change(byReseller, userId, -1);
      };
    },
  };
}
