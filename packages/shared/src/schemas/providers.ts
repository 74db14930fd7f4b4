import { z } from 'zod';

/**
 * Upstream label providers (issue 35): where real postage is bought. The built-in test-mode provider is
 * not a row: a label type with an empty route is made in test mode.
 */
export const UPSTREAM_KINDS = ['labelport', 'easypost', 'shippo'] as const;
export type UpstreamKind = (typeof UPSTREAM_KINDS)[number];
export const PROVIDER_KIND_NAMES: Record<UpstreamKind | 'test-mode', string> = {
  'test-mode': 'Test mode',
  labelport: 'LabelPort portal',
  easypost: 'EasyPost',
  shippo: 'Shippo',
};

export const PROVIDER_MODES = ['test', 'live'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];
export const CIRCUIT_STATES = ['closed', 'open', 'half-open'] as const;
export type CircuitState = (typeof CIRCUIT_STATES)[number];

export const MAX_PROVIDER_CONCURRENCY = 200;
export const DEFAULT_PROVIDER_CONCURRENCY = 10;

const httpUrl = z
  .string({ error: 'Base URL must be text' })
  .trim()
  .max(500, 'Base URL must be at most 500 characters')
  .url('Base URL must be a URL such as https://portal.example.com')
  .refine((v) => /^https?:\/\//i.test(v), 'Base URL must start with http:// or https://')
  .transform((v) => v.replace(/\/+$/, ''));

export const providerCredentials = z.object(
  {
    apiKey: z
      .string({ error: 'API key is required' })
      .trim()
      .min(8, 'API key must be at least 8 characters')
      .max(500, 'API key must be at most 500 characters')
      .refine((v) => !/\s/.test(v), 'API key must not contain spaces'),
    /** The upstream portal's origin for `labelport`; for EasyPost and Shippo an API address of their own (a sandbox). */
    baseUrl: httpUrl.optional(),
  },
  { error: 'Credentials are required' },
);
export type ProviderCredentials = z.output<typeof providerCredentials>;

const providerName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name must be at most 60 characters');
const maxConcurrent = z
  .number({ error: 'Concurrency must be a number' })
  .int('Concurrency must be a whole number')
  .min(1, 'Concurrency must be at least 1')
  .max(MAX_PROVIDER_CONCURRENCY, `Concurrency must be at most ${MAX_PROVIDER_CONCURRENCY}`);

/** POST /admin/providers */
export const createProviderBody = z
  .object({
    kind: z.enum(UPSTREAM_KINDS, { error: 'Kind must be labelport, easypost or shippo' }),
    name: providerName,
    credentials: providerCredentials,
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
    maxConcurrent: maxConcurrent.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'labelport' && !body.credentials.baseUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['credentials', 'baseUrl'],
        message: "Base URL is required: the upstream portal's address",
      });
  });
export type CreateProviderBody = z.output<typeof createProviderBody>;

/** PUT /admin/providers/{id}: what changes; new credentials replace the old ones whole. */
export const updateProviderBody = z.object({
  name: providerName.optional(),
  credentials: providerCredentials.optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  maxConcurrent: maxConcurrent.optional(),
});
export type UpdateProviderBody = z.output<typeof updateProviderBody>;

export const providerHealthView = z.object({
  circuit: z.enum(CIRCUIT_STATES),
  /** Calls to the provider in the last hour, and the share that succeeded (null with no calls). */
  calls: z.number().int(),
  successRate: z.number().nullable(),
  p95Ms: z.number().nullable(),
  lastError: z.object({ message: z.string(), at: z.string() }).nullable(),
});
export type ProviderHealthView = z.infer<typeof providerHealthView>;

export const providerView = z.object({
  _id: z.string(),
  kind: z.enum(UPSTREAM_KINDS),
  name: z.string(),
  mode: z.enum(PROVIDER_MODES),
  enabled: z.boolean(),
  /** The last 4 characters of the API key; the key itself is never shown again. */
  credentialHint: z.string(),
  baseUrl: z.string().nullable(),
  maxConcurrent: z.number().int(),
  /** Label types whose route uses this provider. */
  labelTypes: z.array(z.object({ _id: z.string(), name: z.string() })),
  health: providerHealthView,
  createdAt: z.string(),
});
export type ProviderView = z.infer<typeof providerView>;

export const providersResponse = z.object({ providers: z.array(providerView) });
export const providerResponse = z.object({ message: z.string(), provider: providerView });
export const providerTestResponse = z.object({ ok: z.boolean(), message: z.string() });

/** One step of a label type's route: the provider and what the label type is called there. */
export const routeStepBody = z.object({
  providerId: z.string({ error: 'Provider is required' }).trim().min(1, 'Provider is required'),
  service: z
    .string({ error: 'Service is required' })
    .trim()
    .min(1, 'Service is required')
    .max(100, 'Service must be at most 100 characters'),
});
export const labelTypeRouteBody = z.object({
  route: z
    .array(routeStepBody, { error: 'Route must be a list of providers' })
    .max(5, 'A route has at most 5 providers')
    .refine(
      (steps) => new Set(steps.map((s) => s.providerId)).size === steps.length,
      'A provider appears at most once in a route',
    ),
});
export type LabelTypeRouteBody = z.output<typeof labelTypeRouteBody>;

export const routeStepView = z.object({
  providerId: z.string(),
  providerName: z.string(),
  kind: z.enum(UPSTREAM_KINDS),
  enabled: z.boolean(),
  service: z.string(),
});
export type RouteStepView = z.infer<typeof routeStepView>;
export const labelTypeRouteResponse = z.object({ message: z.string(), route: z.array(routeStepView) });

/** GET /admin/margins?days=N: what labels cost us beside what resellers paid, in dollars. */
export const marginsQuery = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(366, 'Days must be at most 366')
    .default(30),
});
const marginFigures = {
  labels: z.number().int(),
  revenue: z.number(),
  cost: z.number(),
  margin: z.number(),
  belowCost: z.number().int(),
};
export const marginsResponse = z.object({
  days: z.number().int(),
  byDay: z.array(z.object({ day: z.string(), ...marginFigures })),
  byLabelType: z.array(z.object({ labelTypeId: z.string(), name: z.string(), ...marginFigures })),
  /** Label types whose cost at some weight was above their price for that weight. */
  costWarnings: z.array(
    z.object({
      labelTypeId: z.string(),
      name: z.string(),
      weight: z.number(),
      cost: z.number(),
      price: z.number(),
    }),
  ),
});
export type MarginsResponse = z.infer<typeof marginsResponse>;
