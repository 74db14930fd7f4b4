/**
 * The EasyPost fake as a process of its own, for the browser specs: `tsx test/fakes/easypost-fake-main.ts`.
 * A refund answers `submitted`, as at EasyPost, and the fake confirms it (`refunded`) after
 * EASYPOST_FAKE_REFUND_AFTER_MS (default 8 s), as the carrier would days later. Prints its URL and key.
 */
import { startEasyPostFake } from './easypost-fake.ts';

const confirmAfterMs = Number(process.env.EASYPOST_FAKE_REFUND_AFTER_MS ?? 8000);
const fake = await startEasyPostFake();
const submittedAt = new Map<string, number>();

setInterval(() => {
  for (const [id, shipment] of fake.shipments) {
    if (shipment.refund_status !== 'submitted') continue;
    const since = submittedAt.get(id) ?? Date.now();
    submittedAt.set(id, since);
    if (Date.now() - since >= confirmAfterMs) shipment.refund_status = 'refunded';
  }
}, 200).unref();

process.stdout.write(`EASYPOST_FAKE_URL=${fake.url} EASYPOST_FAKE_KEY=${fake.apiKey}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
