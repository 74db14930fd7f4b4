import { z } from 'zod';
import { uuidParams } from './ids.ts';
import { checkPriceTiers, priceTierSchema } from '../pricing.ts';
import { labelTypeView } from './order-views.ts';
import { routeStepView, routingView } from './providers.ts';
import { CARRIERS, SERVICE_NAME_MAX, SERVICE_NAME_PATTERN } from '../carrier-services.ts';

const MAX_WEIGHT_LIMIT = 1000;

const tiersField = z
  .array(priceTierSchema, { error: 'Prices must be a list of tiers' })
  .max(50, 'At most 50 price tiers');

type ServiceFields = Partial<Record<'uid' | 'carrier' | 'service' | 'weightUnit', unknown>>;
/** No built-in uid, and a carrier, service or unit given: a type staff make (decision 334). */
const isStaffMade = (b: ServiceFields) =>
  !b.uid && [b.carrier, b.service, b.weightUnit].some((v) => v !== undefined);
const isObjectPayload = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null;

/**
 * POST /admin/label-types and PUT /admin/label-types/{id}: the spec's label type fields. A built-in
 * service is named by its `uid`; without one, the type is staff-made: `carrier`, `service` and
 * `weightUnit` (decision 334).
 */
export const adminLabelTypeBody = z
  .object({
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(80, 'Name must be at most 80 characters'),
    uid: z.string({ error: 'Choose a carrier service' }).trim().optional(),
    carrier: z.enum(CARRIERS, { error: 'Carrier must be USPS, UPS or FedEx' }).optional(),
    service: z
      .string({ error: 'Service is required' })
      .trim()
      .max(SERVICE_NAME_MAX, `Service must be at most ${SERVICE_NAME_MAX} characters`)
      .refine(
        (v) => v === '' || SERVICE_NAME_PATTERN.test(v),
        'Service must be plain letters, digits and punctuation',
      )
      .optional(),
    weightUnit: z.enum(['oz', 'lb'], { error: 'Weight unit must be oz or lb' }).optional(),
    maxWeight: z
      .number({ error: 'Max weight must be greater than 0' })
      .gt(0, 'Max weight must be greater than 0')
      .max(MAX_WEIGHT_LIMIT, `Max weight must be at most ${MAX_WEIGHT_LIMIT}`),
    status: z.boolean({ error: 'Status must be true or false' }),
    prices: tiersField,
    /** Days its labels may be voided after purchase; omitted: the carrier's default (USPS 30, UPS/FedEx 90). */
    voidWindowDays: z
      .number({ error: 'Void window must be 1 to 365 whole days' })
      .int('Void window must be 1 to 365 whole days')
      .min(1, 'Void window must be 1 to 365 whole days')
      .max(365, 'Void window must be 1 to 365 whole days')
      .optional(),
    /** Insurance in dollars per $100 declared and its minimum; null: its labels are not insured (decision 330). */
    insurance: z
      .object({
        per100: z
          .number({ error: 'Insurance per $100 must be a number' })
          .min(0, 'Insurance per $100 must be 0 or more')
          .max(100, 'Insurance per $100 must be at most 100'),
        min: z
          .number({ error: 'Insurance minimum must be a number' })
          .min(0, 'Insurance minimum must be 0 or more')
          .max(1000, 'Insurance minimum must be at most 1000'),
      })
      .nullable()
      .optional(),
    /** The label type return labels of this type are bought as; null: the same type (decision 331). */
    returnLabelTypeId: z.uuid({ error: 'Choose a label type for returns' }).nullable().optional(),
  })
  .superRefine((body, ctx) => {
    for (const issue of checkPriceTiers(body.prices, body.maxWeight))
      ctx.addIssue({
        code: 'custom',
        path: issue.row ? ['prices', issue.row - 1] : ['prices'],
        message: issue.message,
      });
  })
  // Judged whatever else is wrong, so a form shows every missing field at once.
  .refine((b) => Boolean(b.uid) || isStaffMade(b), {
    path: ['uid'],
    message: 'Choose a carrier service',
    when: isObjectPayload,
  })
  .refine((b) => !isStaffMade(b) || Boolean(b.carrier), {
    path: ['carrier'],
    message: 'Choose a carrier',
    when: isObjectPayload,
  })
  .refine((b) => !isStaffMade(b) || Boolean(b.service), {
    path: ['service'],
    message: 'Service is required',
    when: isObjectPayload,
  })
  .refine((b) => !isStaffMade(b) || Boolean(b.weightUnit), {
    path: ['weightUnit'],
    message: 'Choose a weight unit',
    when: isObjectPayload,
  });
export type AdminLabelTypeBody = z.output<typeof adminLabelTypeBody>;

/** A carrier service the label engine renders; a label type's uid names one. */
export const labelServiceView = z.object({
  uid: z.string(),
  carrier: z.enum(['usps', 'ups', 'fedex']),
  name: z.string(),
  weightUnit: z.enum(['oz', 'lb']),
});
export const adminLabelTypesResponse = z.object({
  labelTypes: z.array(
    labelTypeView.extend({
      /** The carrier's service: a built-in's (`ground_advantage`), or the name staff gave a type of theirs. */
      service: z.string(),
      /** Made by staff for a service of their providers (no built-in uid): edited by carrier and service. */
      isStaffMade: z.boolean(),
      orderCount: z.number().int(),
      /** Where its labels are bought, in order; empty: test mode. */
      route: z.array(routeStepView),
      /** How the route is used and the margin floor (decision 332). */
      ...routingView.shape,
    }),
  ),
  services: z.array(labelServiceView),
});
export type AdminLabelTypesResponse = z.infer<typeof adminLabelTypesResponse>;
export const adminLabelTypeResponse = z.object({ message: z.string(), labelType: labelTypeView });

/** PUT /admin/users/{id}/prices/{labelTypeId}: the reseller's own tiers, or a percentage up or down. */
export const resellerPriceBody = z
  .object({
    percent: z
      .number({ error: 'Percent must be a number' })
      .gt(-100, 'Percent must be more than -100')
      .max(1000, 'Percent must be at most 1000')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Percent must have at most 2 decimals')
      .nullable()
      .optional(),
    tiers: tiersField.nullable().optional(),
  })
  .refine((b) => (b.percent == null) !== (b.tiers == null), {
    message: 'Give either a percentage or your own tiers',
  });
export type ResellerPriceBody = z.output<typeof resellerPriceBody>;

export const resellerPriceView = z.object({
  labelType: labelTypeView.pick({
    _id: true,
    name: true,
    uid: true,
    weightUnit: true,
    maxWeight: true,
    status: true,
  }),
  defaultPrices: labelTypeView.shape.prices,
  own: z.object({ percent: z.number().nullable(), tiers: labelTypeView.shape.prices.nullable() }).nullable(),
  prices: labelTypeView.shape.prices,
});
export type ResellerPriceView = z.infer<typeof resellerPriceView>;
export const resellerPricesResponse = z.object({ prices: z.array(resellerPriceView) });
export const labelTypeParams = uuidParams({ id: 'User not found', labelTypeId: 'Label type not found' });

/** GET /admin/label-types/service-choices?carrier=ups: services the route's providers sell, to choose from. */
export const serviceChoicesQuery = z.object({
  carrier: z.enum(CARRIERS, { error: 'Carrier must be USPS, UPS or FedEx' }),
});
export const serviceChoiceView = z.object({
  /** What is sent to the provider: EasyPost's `service`, Shippo's token, the upstream's label type uid. */
  service: z.string(),
  name: z.string(),
  source: z.enum(['easypost', 'shippo', 'labelport']),
  /** The configured provider that reported it; null: the provider's documented list. */
  providerName: z.string().nullable(),
  /** An upstream portal's type says its unit. */
  weightUnit: z.enum(['oz', 'lb']).nullable(),
});
export type ServiceChoiceView = z.infer<typeof serviceChoiceView>;
export const serviceChoicesResponse = z.object({
  choices: z.array(serviceChoiceView),
  /** Providers that could not say what they sell just now (their documented list still shows). */
  unavailable: z.array(z.object({ providerName: z.string(), message: z.string() })),
});
export type ServiceChoicesResponse = z.infer<typeof serviceChoicesResponse>;
