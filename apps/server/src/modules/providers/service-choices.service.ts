import {
  DOCUMENTED_SERVICES,
  type Carrier,
  type ServiceChoicesResponse,
  type ServiceChoiceView,
} from '@portal/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context.ts';
import { listProviders } from './providers.repository.ts';

/** How long a provider may take to say what it sells; the console then shows its documented list only. */
export const SERVICE_CHOICES_DEADLINE_MS = 5_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The work's answer, or an error once the deadline passed (the call itself ends in its own time). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  const timer = new AbortController();
  try {
    return await Promise.race([
      work,
      sleep(ms, undefined, { signal: timer.signal }).then(() => {
        throw new Error(`no answer within ${ms / 1000} s`);
      }),
    ]);
  } finally {
    timer.abort();
  }
}

/**
 * GET /admin/label-types/service-choices?carrier=: the services staff may make a label type for
 * (decision 334). Each enabled provider is asked, at once and within a short deadline, what it sells
 * for the carrier (an upstream portal its label types through its API v2, EasyPost its carrier metadata,
 * Shippo its carrier accounts' service levels); EasyPost's and Shippo's documented lists follow for
 * what no provider reported. A provider that cannot say is named, not an error: free text remains.
 * Each call waits its turn among the provider's calls (whatever its circuit) and is recorded in its health.
 */
export async function readServiceChoices(ctx: AppContext, carrier: Carrier): Promise<ServiceChoicesResponse> {
  const providers = (await listProviders(ctx.db)).filter((p) => p.isEnabled);
  const clients = await ctx.providers.clientsFor(providers.map((p) => p.id));
  const unavailable: ServiceChoicesResponse['unavailable'] = [];
  const reported = await Promise.all(
    providers.map(async (row): Promise<ServiceChoiceView[]> => {
      const client = clients.get(row.id);
      if (!client?.serviceChoices) return [];
      try {
        const services = await within(SERVICE_CHOICES_DEADLINE_MS, client.serviceChoices(carrier));
        return services.map((s) => ({ ...s, source: row.kind, providerName: row.name }));
      } catch (error) {
        unavailable.push({ providerName: row.name, message: messageOf(error) });
        return [];
      }
    }),
  );
  const seen = new Set<string>();
  const once = (choice: ServiceChoiceView) => {
    const key = `${choice.source}:${choice.service}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const documented = (['easypost', 'shippo'] as const).flatMap((source) =>
    DOCUMENTED_SERVICES[source][carrier].map((d): ServiceChoiceView => ({
      ...d,
      source,
      providerName: null,
      weightUnit: null,
    })),
  );
  return { choices: [...reported.flat(), ...documented].filter(once), unavailable };
}
