/**
 * The Square fake as a process of its own, for the browser specs: `tsx test/fakes/square-fake-main.ts`.
 * Its payment links' page completes a Cash App Pay payment on Pay and sends the payer to the link's
 * redirect URL. Prints its URL, access token and location id.
 */
import { startSquareFake } from './square-fake.ts';

const fake = await startSquareFake();
process.stdout.write(
  `SQUARE_FAKE_URL=${fake.baseUrl} SQUARE_FAKE_ACCESS_TOKEN=${fake.credentials.accessToken} SQUARE_FAKE_LOCATION_ID=${fake.credentials.locationId}\n`,
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
