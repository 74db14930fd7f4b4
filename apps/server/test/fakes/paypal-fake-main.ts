/**
 * The PayPal fake as a process of its own, for the browser specs: `tsx test/fakes/paypal-fake-main.ts`.
 * Its hosted page (the order's `payer-action` link) approves the order on Pay and sends the payer to the
 * order's return URL; the portal's capture takes the money. Prints its URL, client id and secret.
 */
import { startPaypalFake } from './paypal-fake.ts';

const fake = await startPaypalFake();
process.stdout.write(
  `PAYPAL_FAKE_URL=${fake.baseUrl} PAYPAL_FAKE_CLIENT_ID=${fake.credentials.clientId} PAYPAL_FAKE_CLIENT_SECRET=${fake.credentials.clientSecret}\n`,
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
