/**
 * The end-to-end label rate for the label bench: USPS priority (evs) orders placed through
 * POST /api/v1/order/create on the real server (PostgreSQL, default label workers) until every
 * label is ready, in labels per second. LABEL_BENCH_COUNT orders (default 300), 100 per request.
 */
import { secondsUntil, startBenchServer } from './bulk-server.ts';

export async function measureEndToEnd(): Promise<{ labelsPerSecond: number; note: string }> {
  const count = Number(process.env.LABEL_BENCH_COUNT ?? 300);
  const bench = await startBenchServer();
  try {
    const body = (quantity: number) => ({
      labelType: bench.labelTypeId('priority'),
      design: 'evs',
      quantity,
      signature: false,
      Weight: 2,
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
    });
    const started = performance.now();
    for (let placed = 0; placed < count; placed += 100) {
      const res = await fetch(`${bench.server.baseUrl}/api/v1/order/create`, {
        method: 'POST',
        headers: { ...bench.reseller.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body(Math.min(100, count - placed))),
      });
      if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
    }
    const seconds = await secondsUntil(bench.finalOrders, count, started);
    return {
      labelsPerSecond: count / seconds,
      note: `(${count} USPS priority labels via POST /order/create, one server process on PostgreSQL, ${seconds.toFixed(1)} s)`,
    };
  } finally {
    await bench.close();
  }
}
