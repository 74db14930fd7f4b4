import type { ProviderView } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  addStep,
  choicesFor,
  judgeRoute,
  moveStep,
  removeStep,
  routeSummary,
  withProvider,
  type RouteDraftStep,
  type RoutingDraft,
} from './route-draft';

const provider = (id: string, enabled = true): ProviderView => ({
  _id: id,
  kind: 'labelport',
  name: `Portal ${id}`,
  mode: 'live',
  enabled,
  credentialHint: 'abcd',
  baseUrl: 'https://upstream.example',
  maxConcurrent: 10,
  labelTypes: [],
  health: { circuit: 'closed', calls: 0, successRate: null, p95Ms: null, lastError: null },
  createdAt: '2026-11-26T00:00:00.000Z',
});
const step = (providerId: string | null, service = 'usps_priority'): RouteDraftStep => ({
  key: `k-${providerId}`,
  providerId,
  service,
});
const order = (steps: RouteDraftStep[]) => steps.map((s) => s.providerId);
const inOrder: RoutingDraft = { mode: 'ordered', within: '', minMargin: '', minMarginPercent: '' };
const noSettings = { mode: 'ordered', withinCents: null, minMarginCents: null, minMarginPercent: null };

describe('route editor', () => {
  const route = [step('a'), step('b'), step('c')];

  it('moves a step up or down by one place, and leaves the ends where they are', () => {
    expect(order(moveStep(route, 1, -1))).toEqual(['b', 'a', 'c']);
    expect(order(moveStep(route, 1, 1))).toEqual(['a', 'c', 'b']);
    expect(order(moveStep(route, 0, -1))).toEqual(['a', 'b', 'c']);
    expect(order(moveStep(route, 2, 1))).toEqual(['a', 'b', 'c']);
    expect(order(route)).toEqual(['a', 'b', 'c']);
  });

  it('removes only the chosen step and keeps the order of the others', () => {
    expect(order(removeStep(route, 1))).toEqual(['a', 'c']);
  });

  it('adds the first enabled provider the route does not use yet, and never a sixth step', () => {
    const providers = [provider('a'), provider('b', false), provider('c'), provider('d')];
    expect(addStep([step('a')], providers).at(-1)?.providerId).toBe('c');
    expect(addStep([step('a'), step('c'), step('d')], providers).at(-1)?.providerId).toBe('b');
    const five = ['a', 'b', 'c', 'd', 'e'].map((id) => step(id));
    expect(addStep(five, providers)).toHaveLength(5);
  });

  it('offers each step its own provider and those no other step uses', () => {
    const providers = [provider('a'), provider('b'), provider('c')];
    expect(choicesFor([step('a'), step('b')], 1, providers).map((p) => p._id)).toEqual(['b', 'c']);
  });

  it('sends the steps in their order, trimmed, and an empty route for test mode', () => {
    expect(judgeRoute([step('b', ' USPS:Priority '), step('a')], inOrder)).toEqual({
      body: {
        route: [
          { providerId: 'b', service: 'USPS:Priority' },
          { providerId: 'a', service: 'usps_priority' },
        ],
        ...noSettings,
      },
      errors: null,
    });
    expect(judgeRoute([], inOrder).body).toEqual({ route: [], ...noSettings });
  });

  it('names the step and field that is missing, and sends nothing', () => {
    const verdict = judgeRoute([step('a'), step(null, ' ')], inOrder);
    expect(verdict.body).toBeNull();
    expect(verdict.errors?.steps[1]).toEqual({
      providerId: 'Provider is required',
      service: 'Service is required',
    });
    expect(verdict.errors?.steps[0]).toBeUndefined();
  });

  it('sends the mode and margin floor in cents, and the within amount only for cheapest-within', () => {
    const within: RoutingDraft = {
      mode: 'cheapest-within',
      within: 0.25,
      minMargin: 1.1,
      minMarginPercent: 5,
    };
    expect(judgeRoute([step('a')], within).body).toMatchObject({
      mode: 'cheapest-within',
      withinCents: 25,
      minMarginCents: 110,
      minMarginPercent: 5,
    });
    expect(judgeRoute([step('a')], { ...within, mode: 'cheapest' }).body).toMatchObject({
      mode: 'cheapest',
      withinCents: null,
    });
    const missing = judgeRoute([step('a')], { ...within, within: '' });
    expect(missing.errors?.settings).toEqual({
      withinCents: 'Say within how many cents of the first provider',
    });
    expect(judgeRoute([step('a')], { ...inOrder, minMarginPercent: 120 }).errors?.settings).toEqual({
      minMarginPercent: 'Minimum margin percent must be at most 100',
    });
  });

  it('says where a label type is bought', () => {
    expect(routeSummary([])).toBe('Test mode');
    expect(
      routeSummary([
        { providerId: 'a', providerName: 'Upstream A', kind: 'labelport', enabled: true, service: 'x' },
        {
          providerId: 'b',
          providerName: 'EasyPost',
          kind: 'easypost',
          enabled: true,
          service: 'USPS:Priority',
        },
      ]),
    ).toBe('Upstream A → EasyPost');
  });
});

describe('route editor for a staff-made label type (decision 334)', () => {
  const of = (id: string, kind: ProviderView['kind']): ProviderView => ({ ...provider(id), kind });
  const providers = [of('ep', 'easypost'), of('sh', 'shippo'), of('lp', 'labelport')];
  const saver = { isStaffMade: true, carrier: 'usps' as const, service: 'GroundAdvantage' };

  it("fills a new step with the type's service in its provider's form", () => {
    expect(addStep([], providers, saver)[0]).toMatchObject({
      providerId: 'ep',
      service: 'USPS:GroundAdvantage',
    });
    expect(addStep([], providers, { ...saver, isStaffMade: false })[0]!.service).toBe('');
  });

  it('follows a change of provider while the service is still the default, and keeps one staff typed', () => {
    const first = addStep([], providers, saver)[0]!;
    expect(withProvider(first, 'sh', providers, saver).service).toBe('GroundAdvantage');
    expect(withProvider({ ...first, service: 'usps_ground_advantage' }, 'lp', providers, saver).service).toBe(
      'usps_ground_advantage',
    );
    expect(withProvider(step('lp', ''), 'ep', providers, saver).service).toBe('USPS:GroundAdvantage');
  });
});
