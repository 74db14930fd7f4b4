import type { ProviderCredentials, ProviderMode, ProviderView, UpstreamKind } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { providerOriginRefusal } from '../../lib/provider-origin.ts';
import type { ProviderRow } from './providers.repository.ts';

export const notFound = () => AppError.notFound('Provider not found');

/** A base URL that would turn the server on itself is refused on its field (decision 312). */
export function checkOrigin(ctx: AppContext, credentials: ProviderCredentials | undefined): void {
  if (!credentials?.baseUrl) return;
  const refusal = providerOriginRefusal(credentials.baseUrl, {
    allowPrivate: ctx.config.providers.adapter.allowPrivateTargets,
  });
  if (refusal) throw AppError.fieldError('credentials.baseUrl', refusal);
}
export const nameTaken = (name: string) =>
  AppError.fieldError('name', `A provider named ${name} already exists`, { code: 'CONFLICT' });

/** Test or live, from the key's own form where the provider has one; another portal's keys are live. */
export function modeOfKey(kind: UpstreamKind, apiKey: string): ProviderMode {
  if (kind === 'easypost') return apiKey.startsWith('EZTK') ? 'test' : 'live';
  if (kind === 'shippo') return apiKey.startsWith('shippo_test_') ? 'test' : 'live';
  return 'live';
}

export const sealed = (ctx: AppContext, kind: UpstreamKind, credentials: ProviderCredentials) => ({
  credentialsSealed: ctx.sealer.seal(JSON.stringify(credentials)),
  credentialHint: credentials.apiKey.slice(-4),
  baseUrl: credentials.baseUrl ?? null,
  mode: modeOfKey(kind, credentials.apiKey),
});

/** What the audit log keeps of a provider: never its key. */
export const snapshot = (row: ProviderRow) => ({
  kind: row.kind,
  name: row.name,
  mode: row.mode,
  enabled: row.isEnabled,
  baseUrl: row.baseUrl,
  maxConcurrent: row.maxConcurrent,
  credentialHint: row.credentialHint,
});

/** A saved provider, and what staff must know when its provider could not be reached. */
export type SavedProvider = { provider: ProviderView; notice: string | null };
