import {
  DOCUMENTED_SERVICES,
  type Carrier,
  type ServiceChoicesResponse,
  type ServiceChoiceView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { createUpstreamAdapter } from '../../labels/providers/upstream/create-adapter.ts';
import { openCredentials } from './provider-clients.ts';
import { listProviders } from './providers.repository.ts';

/** How long a provider may take to say what it sells; the console then shows its documented list only. */
export const SERVICE_CHOICES_DEADLINE_MS = 5_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * GET /admin/label-types/service-choices?carrier=: the services staff may make a label type for
 * (decision 334). Each enabled provider is asked, at once and within a short deadline, what it sells
 * for the carrier (an upstream portal its label types through its API v2, EasyPost its carrier metadata,
 * Shippo its carrier accounts' service levels); EasyPost's and Shippo's documented lists follow for
 * what no provider reported. A provider that cannot say is named, not an error: free text remains.
 * A read for staff, not a purchase: it goes straight to the adapter, outside the purchases' slots.
 */
export async function readServiceChoices(ctx: AppContext, carrier: Carrier): Promise<ServiceChoicesResponse> {
  const providers = (await listProviders(ctx.db)).filter((p) => p.isEnabled);
  const unavailable: ServiceChoicesResponse['unavailable'] = [];
  const reported = await Promise.all(
    providers.map(async (row): Promise<ServiceChoiceView[]> => {
      const adapter = createUpstreamAdapter(row.kind, {
        ...ctx.config.providers.adapter,
        timeoutMs: SERVICE_CHOICES_DEADLINE_MS,
        credentials: openCredentials(ctx.sealer, row),
      });
      if (!adapter.serviceChoices) return [];
      try {
        const services = await adapter.serviceChoices(carrier);
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
