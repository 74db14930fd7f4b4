/**
 * The Stripe fake as a process of its own, for the browser specs: `tsx test/fakes/stripe-fake-main.ts`.
 * Its hosted checkout page's Pay captures the payment and sends the payer back to the portal. Prints its
 * URL and secret key.
 */
import { startStripeFake } from './stripe-fake.ts';

const fake = await startStripeFake();
process.stdout.write(`STRIPE_FAKE_URL=${fake.baseUrl} STRIPE_FAKE_KEY=${fake.secretKey}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
