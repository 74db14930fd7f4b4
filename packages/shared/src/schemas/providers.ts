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
/**
 * How a route is used (decision 332): `ordered` tries its providers in order; `cheapest` buys from the
 * provider with the lowest live quote (ties by route order); `cheapest-within` buys from the first provider
 * unless another quotes more than `withinCents` below it.
 */
export const ROUTE_MODES = ['ordered', 'cheapest', 'cheapest-within'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

const wholeCents = (what: string) =>
  z
    .number({ error: `${what} must be a number of cents` })
    .int(`${what} must be whole cents`)
    .min(0, `${what} must be 0 or more`)
    .max(1_000_000, `${what} must be at most 1000000 cents`);

export const labelTypeRouteBody = z
  .object({
    route: z
      .array(routeStepBody, { error: 'Route must be a list of providers' })
      .max(5, 'A route has at most 5 providers')
      .refine(
        (steps) => new Set(steps.map((s) => s.providerId)).size === steps.length,
        'A provider appears at most once in a route',
      ),
    mode: z
      .enum(ROUTE_MODES, { error: `Mode must be one of ${ROUTE_MODES.join(', ')}` })
      .optional()
      .default('ordered'),
    withinCents: wholeCents('Within').nullable().optional(),
    minMarginCents: wholeCents('Minimum margin').nullable().optional(),
    minMarginPercent: z
      .number({ error: 'Minimum margin percent must be a number' })
      .min(0, 'Minimum margin percent must be 0 or more')
      .max(100, 'Minimum margin percent must be at most 100')
      .nullable()
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'cheapest-within' && body.withinCents == null)
      ctx.addIssue({
        code: 'custom',
        path: ['withinCents'],
        message: 'Say within how many cents of the first provider',
      });
  });
export type LabelTypeRouteBody = z.output<typeof labelTypeRouteBody>;

/** A label type's route mode and margin floor as staff set them (null: not set). */
export const routingView = z.object({
  mode: z.enum(ROUTE_MODES),
  withinCents: z.number().int().nullable(),
  minMarginCents: z.number().int().nullable(),
  minMarginPercent: z.number().nullable(),
});
export type RoutingView = z.infer<typeof routingView>;

/** One live quote an order got (staff views): in dollars, the time it took, and whether it was bought. */
export const quoteView = z.object({
  provider: z.string(),
  amount: z.number().nullable(),
  ms: z.number().int(),
  chosen: z.boolean(),
  error: z.string().optional(),
});
export type QuoteView = z.infer<typeof quoteView>;

export const routeStepView = z.object({
  providerId: z.string(),
  providerName: z.string(),
  kind: z.enum(UPSTREAM_KINDS),
  enabled: z.boolean(),
  service: z.string(),
});
export type RouteStepView = z.infer<typeof routeStepView>;
export const labelTypeRouteResponse = z.object({
  message: z.string(),
  route: z.array(routeStepView),
  ...routingView.shape,
});

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
  /** The same per provider the labels were bought at (decision 332). */
  byProvider: z.array(z.object({ providerId: z.string(), name: z.string(), ...marginFigures })),
  /** What routing by live quotes saved against the ordered route, in dollars, and orders it refused. */
  savedByRouting: z.number(),
  refusedBelowMargin: z.number().int(),
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

export const MARGIN_GROUPS = ['provider', 'labelType', 'day'] as const;
export type MarginGroup = (typeof MARGIN_GROUPS)[number];

/** GET /admin/reports/margins?from&to&groupBy (and `.csv`): cost and margin for the books (decision 332). */
export const marginsReportQuery = z
  .object({
    from: z.iso.date({ error: 'From must be a date (YYYY-MM-DD)' }),
    to: z.iso.date({ error: 'To must be a date (YYYY-MM-DD)' }),
    groupBy: z
      .enum(MARGIN_GROUPS, { error: `Group by must be one of ${MARGIN_GROUPS.join(', ')}` })
      .optional()
      .default('day'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export type MarginsReportQuery = z.output<typeof marginsReportQuery>;

const reportFigures = {
  ...marginFigures,
  /** Against the ordered route: what its first quoting provider would have cost minus what was paid. */
  savedByRouting: z.number(),
  refusedBelowMargin: z.number().int(),
};
export const marginsReportResponse = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(MARGIN_GROUPS),
  rows: z.array(z.object({ key: z.string(), name: z.string(), ...reportFigures })),
  totals: z.object(reportFigures),
});
export type MarginsReportResponse = z.infer<typeof marginsReportResponse>;
