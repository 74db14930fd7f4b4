/**
 * The end-to-end label rate for the label bench: orders placed through POST /api/v1/order/create on
 * the real server (PostgreSQL, its default label workers and render threads) until every label is
 * ready, in labels per second. LABEL_BENCH_E2E_COUNT orders (default 3000, long enough for a steady
 * rate), 100 per request: all USPS priority (evs), or USPS/UPS/FedEx requests in rotation.
 * LABEL_WORKERS, LABEL_BATCH_SIZE and LABEL_RENDER_THREADS are passed to the server when set, to
 * compare settings.
 */
import {
  describeLabelSettings,
  labelSettingsFromEnv,
  secondsUntil,
  startBenchServer,
} from './bulk-server.ts';

const ADDRESSES = {
  Weight: 2,
  Length: 12,
  Width: 9,
  Height: 4,
  FromName: 'Sam Sender',
  FromStreet: '100 Congress Ave',
  FromCity: 'Austin',
  FromState: 'TX',
  FromZip: '78701',
  ToName: 'Rita Receiver',
  ToStreet: '200 Boylston St',
  ToCity: 'Boston',
  ToState: 'MA',
  ToZip: '02116',
};

export type EndToEndMix = 'usps' | 'mix';

export async function measureEndToEnd(
  mix: EndToEndMix = 'usps',
): Promise<{ labelsPerSecond: number; note: string }> {
  const count = Number(process.env.LABEL_BENCH_E2E_COUNT ?? 3000);
  const settings = labelSettingsFromEnv();
  const bench = await startBenchServer(settings);
  try {
    const uids = mix === 'usps' ? ['priority'] : ['priority', 'ups_standard', 'fedex_2day'];
    const started = performance.now();
    for (let placed = 0, i = 0; placed < count; placed += 100, i += 1) {
      const uid = uids[i % uids.length]!;
      const res = await fetch(`${bench.server.baseUrl}/api/v1/order/create`, {
        method: 'POST',
        headers: { ...bench.reseller.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          labelType: bench.labelTypeId(uid),
          ...(uid === 'priority' ? { design: 'evs' } : {}),
          quantity: Math.min(100, count - placed),
          signature: false,
          ...ADDRESSES,
        }),
      });
      if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
    }
    const seconds = await secondsUntil(bench.finalOrders, count, started);
    const what = mix === 'usps' ? 'USPS priority' : 'USPS/UPS/FedEx';
    return {
      labelsPerSecond: count / seconds,
      note: `(${count} ${what} labels, one server process on PostgreSQL, ${describeLabelSettings(settings)}, ${seconds.toFixed(1)} s)`,
    };
  } finally {
    await bench.close();
  }
}
