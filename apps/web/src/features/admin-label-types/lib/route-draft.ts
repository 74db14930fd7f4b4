import {
  dollarsToCents,
  labelTypeRouteBody,
  serviceAtProvider,
  type Carrier,
  type LabelTypeRouteBody,
  type ProviderView,
  type RouteMode,
  type RouteStepView,
  type RoutingView,
  type UpstreamKind,
} from '@portal/shared';

/** One step of a route being edited: the provider (none chosen yet: null) and the service it is called there. */
export type RouteDraftStep = { key: string; providerId: string | null; service: string };

/** The most providers one route may try, as the server allows. */
export const MAX_ROUTE_STEPS = 5;

/** What the service field means for each kind of provider, with an example. */
export const SERVICE_HINTS: Record<UpstreamKind, { label: string; example: string; help: string }> = {
  labelport: {
    label: 'Upstream label type',
    example: 'usps_priority',
    help: "The label type uid on the upstream portal (its API's label type list)",
  },
  easypost: {
    label: 'Carrier:service',
    example: 'USPS:Priority',
    help: 'Carrier and service, as EasyPost names them',
  },
  shippo: { label: 'Service level token', example: 'usps_priority', help: "Shippo's service level token" },
};

let nextKey = 0;
const newKey = () => `step-${++nextKey}`;

export const toDrafts = (route: readonly RouteStepView[]): RouteDraftStep[] =>
  route.map((s) => ({ key: newKey(), providerId: s.providerId, service: s.service }));

/** Moves one step up (-1) or down (+1); a step already at that end stays where it is. */
export function moveStep(steps: readonly RouteDraftStep[], index: number, delta: -1 | 1): RouteDraftStep[] {
  const target = index + delta;
  if (index < 0 || index >= steps.length || target < 0 || target >= steps.length) return [...steps];
  const moved = [...steps];
  [moved[index], moved[target]] = [moved[target]!, moved[index]!];
  return moved;
}

export const removeStep = (steps: readonly RouteDraftStep[], index: number): RouteDraftStep[] =>
  steps.filter((_, i) => i !== index);

/** Providers a step may choose: its own and those no other step uses (a provider appears once in a route). */
export const choicesFor = (
  steps: readonly RouteDraftStep[],
  index: number,
  providers: readonly ProviderView[],
): ProviderView[] => {
  const usedElsewhere = new Set(steps.filter((_, i) => i !== index).map((s) => s.providerId));
  return providers.filter((p) => !usedElsewhere.has(p._id));
};

/** The label type a route is for, as far as its steps' services go. */
export type RoutedType = { isStaffMade: boolean; carrier: Carrier; service: string };

/**
 * What a step asks its provider for by default: a staff-made type's own service in the provider's form
 * (`USPS:GroundAdvantage` at EasyPost; decision 334); a built-in type has no default ('').
 */
export const defaultServiceAt = (labelType: RoutedType | undefined, provider: ProviderView | undefined) =>
  labelType?.isStaffMade && provider
    ? serviceAtProvider(provider.kind, labelType.carrier, labelType.service)
    : '';

/**
 * A step given another provider: a service still empty or still the old provider's default becomes the
 * new provider's default; one staff typed stays.
 */
export function withProvider(
  step: RouteDraftStep,
  providerId: string | null,
  providers: readonly ProviderView[],
  labelType?: RoutedType,
): RouteDraftStep {
  const providerOf = (id: string | null) => providers.find((p) => p._id === id);
  const isDefault =
    step.service === '' || step.service === defaultServiceAt(labelType, providerOf(step.providerId));
  return {
    ...step,
    providerId,
    service: isDefault ? defaultServiceAt(labelType, providerOf(providerId)) : step.service,
  };
}

/** Appends a step with the first enabled provider the route does not use yet (else none chosen). */
export function addStep(
  steps: readonly RouteDraftStep[],
  providers: readonly ProviderView[],
  labelType?: RoutedType,
): RouteDraftStep[] {
  if (steps.length >= MAX_ROUTE_STEPS) return [...steps];
  const free = choicesFor(steps, steps.length, providers);
  const first = free.find((p) => p.enabled) ?? free[0];
  return [
    ...steps,
    { key: newKey(), providerId: first?._id ?? null, service: defaultServiceAt(labelType, first) },
  ];
}

/**
 * How the route is used, as the form holds it (decision 332): amounts in dollars as staff type them
 * (empty: not set), sent in cents.
 */
export type RoutingDraft = {
  mode: RouteMode;
  /** As a number field gives them: a number, or text while one is typed ('' when empty). */
  within: number | string;
  minMargin: number | string;
  minMarginPercent: number | string;
};

/** The names of the route modes, as staff choose them. */
export const ROUTE_MODE_NAMES: Record<RouteMode, string> = {
  ordered: 'In order',
  cheapest: 'Cheapest quote',
  'cheapest-within': 'First unless another is cheaper by more than',
};

const dollars = (cents: number | null): number | '' => (cents === null ? '' : cents / 100);
const numberOf = (value: number | string): number | null =>
  value === '' ? null : typeof value === 'number' ? value : Number(value);
const cents = (value: number | string): number | null => {
  const n = numberOf(value);
  return n === null ? null : dollarsToCents(n);
};

export const toRoutingDraft = (routing: RoutingView): RoutingDraft => ({
  mode: routing.mode,
  within: dollars(routing.withinCents),
  minMargin: dollars(routing.minMarginCents),
  minMarginPercent: routing.minMarginPercent ?? '',
});

type SettingField = 'withinCents' | 'minMarginCents' | 'minMarginPercent';
export type RouteErrors = {
  route?: string;
  steps: Record<number, { providerId?: string; service?: string }>;
  settings: Partial<Record<SettingField, string>>;
};

export type RouteVerdict = { body: LabelTypeRouteBody; errors: null } | { body: null; errors: RouteErrors };

const SETTING_FIELDS = new Set<unknown>(['withinCents', 'minMarginCents', 'minMarginPercent']);

/** The request body, judged by the server's schema; messages per step and field, per setting, or for the route. */
export function judgeRoute(steps: readonly RouteDraftStep[], routing: RoutingDraft): RouteVerdict {
  const parsed = labelTypeRouteBody.safeParse({
    route: steps.map((s) => ({ providerId: s.providerId ?? '', service: s.service })),
    mode: routing.mode,
    withinCents: routing.mode === 'cheapest-within' ? cents(routing.within) : null,
    minMarginCents: cents(routing.minMargin),
    minMarginPercent: numberOf(routing.minMarginPercent),
  });
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: RouteErrors = { steps: {}, settings: {} };
  for (const issue of parsed.error.issues) {
    const [first, index, field] = issue.path;
    if (typeof index === 'number' && (field === 'providerId' || field === 'service')) {
      errors.steps[index] ??= {};
      errors.steps[index][field] ??= issue.message;
    } else if (SETTING_FIELDS.has(first)) errors.settings[first as SettingField] ??= issue.message;
    else errors.route ??= issue.message;
  }
  return { body: null, errors };
}

/** Where a label type is bought, in words: "Test mode", or the providers in the order they are tried. */
export const routeSummary = (route: readonly RouteStepView[]): string =>
  route.length === 0 ? 'Test mode' : route.map((s) => s.providerName).join(' → ');
