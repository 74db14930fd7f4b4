/**
 * The EasyPost fake as a process of its own, for the browser specs: `tsx test/fakes/easypost-fake-main.ts`.
 * A refund answers `submitted`, as at EasyPost, and the fake confirms it (`refunded`) after
 * EASYPOST_FAKE_REFUND_AFTER_MS (default 8 s), as the carrier would days later, or at once when a spec
 * posts to its control address (`/confirm-refunds`), so a spec says when the carrier answers instead of
 * waiting for the clock. Prints its URL, key and control URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEasyPostFake } from './easypost-fake.ts';

const confirmAfterMs = Number(process.env.EASYPOST_FAKE_REFUND_AFTER_MS ?? 8000);
const fake = await startEasyPostFake();
const submittedAt = new Map<string, number>();

/** Confirms the submitted refunds, those submitted `olderThanMs` ago or more; returns how many. */
const confirmRefunds = (olderThanMs: number): number => {
  let confirmed = 0;
  for (const [id, shipment] of fake.shipments) {
    if (shipment.refund_status !== 'submitted') continue;
    const since = submittedAt.get(id) ?? Date.now();
    submittedAt.set(id, since);
    if (Date.now() - since < olderThanMs) continue;
    shipment.refund_status = 'refunded';
    confirmed += 1;
  }
  return confirmed;
};

setInterval(() => confirmRefunds(confirmAfterMs), 200).unref();

const control = http.createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/confirm-refunds') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ confirmed: confirmRefunds(0) }));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

process.stdout.write(
  `EASYPOST_FAKE_URL=${fake.url} EASYPOST_FAKE_KEY=${fake.apiKey} EASYPOST_FAKE_CONTROL=${controlUrl}\n`,
);
const stop = () =>
  void Promise.all([fake.close(), new Promise((resolve) => control.close(resolve))]).then(() =>
    process.exit(0),
  );
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
