/**
 * Places for webhook attempts in flight in this instance, per endpoint and per reseller (decision 271),
 * so one reseller's slow or dead endpoints cannot take every worker.
 */
export type DeliverySemaphore = {
  /** A place for one attempt to `endpointId` of `userId`, or null when either is at its limit. */
  tryTake: (endpointId: string, userId: string) => (() => void) | null;
  /** As `tryTake`, waiting up to `waitMs` for a place to free (a fast endpoint frees one in milliseconds). */
  take: (endpointId: string, userId: string, waitMs: number) => Promise<(() => void) | null>;
};

export function createDeliverySemaphore(limits: {
  perEndpoint: number;
  perReseller: number;
}): DeliverySemaphore {
  const byEndpoint = new Map<string, number>();
  const byReseller = new Map<string, number>();
  const change = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next === 0) counts.delete(key);
    else counts.set(key, next);
  };
  const waiters: Array<() => void> = [];
  const tryTake = (endpointId: string, userId: string) => {
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
      for (const wake of waiters.splice(0)) wake();
    };
  };
  return {
    tryTake,
    async take(endpointId, userId, waitMs) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const release = tryTake(endpointId, userId);
        if (release) return release;
        const left = deadline - Date.now();
        if (left <= 0) return null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            const at = waiters.indexOf(done);
            if (at >= 0) waiters.splice(at, 1);
            resolve();
          }
          waiters.push(done);
        });
      }
    },
  };
}
