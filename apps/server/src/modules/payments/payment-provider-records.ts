import {
  centsToDollars,
  METHODS_OF_KIND,
  PAYMENT_KIND_NAMES,
  type PaymentCredentials,
  type PaymentProviderView,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { providerOriginRefusal } from '../../lib/provider-origin.ts';
import { gatewayOf, type PaymentGateway, type PaymentKind } from './gateways/index.ts';
import type { PaymentProviderRow } from './payments.repository.ts';

export const notFound = () => AppError.notFound('Payment provider not found');
export const nameTaken = (name: string) =>
  AppError.fieldError('name', `A payment provider named ${name} already exists`, { code: 'CONFLICT' });

/** A kind the console takes whose gateway this build does not have yet. */
export const noGateway = (kind: PaymentKind) =>
  new AppError('UNPROCESSABLE', `${PAYMENT_KIND_NAMES[kind]} payments are not available in this version`);

/** A base URL that would turn the server on itself is refused on its field (decision 312). */
export function checkOrigin(ctx: AppContext, credentials: PaymentCredentials): void {
  if (!credentials.baseUrl) return;
  const refusal = providerOriginRefusal(credentials.baseUrl, {
    allowPrivate: ctx.config.providers.adapter.allowPrivateTargets,
  });
  if (refusal) throw AppError.fieldError('credentials.baseUrl', refusal);
}

/** The secret a kind's hint is taken from: its last 4 characters are all staff see again. */
const secretOf = (kind: PaymentKind, c: PaymentCredentials): string =>
  (kind === 'stripe' ? c.secretKey : kind === 'paypal' ? c.clientSecret : c.accessToken) ?? '';

/** Test or live from the credentials themselves (the gateway knows), else from a sandbox origin. */
export function modeOf(kind: PaymentKind, credentials: PaymentCredentials): 'test' | 'live' {
  const gateway = gatewayOf(kind, credentials);
  if (gateway) return gateway.mode;
  return credentials.baseUrl && /sandbox/i.test(credentials.baseUrl) ? 'test' : 'live';
}

export const sealCredentials = (ctx: AppContext, kind: PaymentKind, credentials: PaymentCredentials) => ({
  credentialsSealed: ctx.sealer.seal(JSON.stringify(credentials)),
  credentialHint: secretOf(kind, credentials).slice(-4),
  mode: modeOf(kind, credentials),
});

export const credentialsOf = (ctx: AppContext, row: PaymentProviderRow): PaymentCredentials =>
  JSON.parse(ctx.sealer.open(row.credentialsSealed)) as PaymentCredentials;

/**
 * The provider's gateway with its stored credentials, connecting as label providers do (private origins
 * only by setting, decision 312); null for a kind this build has none of.
 */
export const gatewayOrNull = (ctx: AppContext, row: PaymentProviderRow): PaymentGateway | null =>
  gatewayOf(row.kind, credentialsOf(ctx, row), {
    allowPrivateTargets: ctx.config.providers.adapter.allowPrivateTargets,
  });

/** The provider's gateway with its stored credentials; refused for a kind this build has none of. */
export function gatewayFor(ctx: AppContext, row: PaymentProviderRow): PaymentGateway {
  const gateway = gatewayOrNull(ctx, row);
  if (!gateway) throw noGateway(row.kind);
  return gateway;
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export const toPaymentProviderView = (row: PaymentProviderRow): PaymentProviderView => ({
  _id: row.id,
  kind: row.kind,
  name: row.name,
  mode: row.mode,
  enabled: row.isEnabled,
  credentialHint: row.credentialHint,
  methods: [...METHODS_OF_KIND[row.kind]],
  feeMode: row.feeMode,
  surchargePercent: Number(row.surchargePercent),
  surchargeFixed: centsToDollars(row.surchargeFixedCents),
  dailyLimit: dollarsOrNull(row.dailyLimitCents),
  firstWeekLimit: dollarsOrNull(row.firstWeekLimitCents),
  webhook: row.webhookId !== null,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of a provider: never its credentials or webhook secret. */
export const snapshot = (row: PaymentProviderRow) => {
  const { _id: _, createdAt: __, ...view } = toPaymentProviderView(row);
  return { ...view, webhookId: row.webhookId };
};
