import { describe, expect, it } from 'vitest';
import { maxCostFor, planRoute, type RoutePlanSettings } from './route-plan.ts';

const settings = (over: Partial<RoutePlanSettings> = {}): RoutePlanSettings => ({
  mode: 'cheapest',
  withinCents: null,
  minMarginCents: null,
  minMarginPercent: null,
  ...over,
});
const q = (step: string, amountCents: number | null) => ({ step, amountCents });

describe('planRoute (decision 332)', () => {
  it('buys the cheapest quote first, ties by route order, and skips steps without a quote', () => {
    const plan = planRoute([q('A', 700), q('B', null), q('C', 650), q('D', 650)], 1000, settings());
    expect(plan.steps).toEqual(['C', 'D', 'A']);
    expect(plan.orderedCostCents).toBe(700);
    expect(plan.isBelowMargin).toBe(false);
  });

  it('keeps route order in ordered mode, among the steps that quoted', () => {
    const plan = planRoute([q('A', null), q('B', 900), q('C', 500)], 1000, settings({ mode: 'ordered' }));
    expect(plan.steps).toEqual(['B', 'C']);
    expect(plan.orderedCostCents).toBe(900);
  });

  it('prefers the first provider unless another is more than withinCents cheaper', () => {
    const within = settings({ mode: 'cheapest-within', withinCents: 50 });
    expect(planRoute([q('A', 700), q('B', 650), q('C', 690)], 1000, within).steps).toEqual(['A', 'B', 'C']);
    expect(planRoute([q('A', 700), q('B', 649), q('C', 690)], 1000, within).steps).toEqual(['B', 'C', 'A']);
  });

  it('leaves out quotes above the price minus the floor, and refuses when every quote is', () => {
    const floor = settings({ minMarginCents: 100 });
    expect(planRoute([q('A', 950), q('B', 900)], 1000, floor).steps).toEqual(['B']);
    const refused = planRoute([q('A', 950), q('B', 901)], 1000, floor);
    expect(refused).toMatchObject({ steps: [], isBelowMargin: true, maxCostCents: 900 });
    // No quote at all is not "below margin": nothing is known about the cost.
    expect(planRoute([q('A', null)], 1000, floor).isBelowMargin).toBe(false);
  });

  it('takes the stricter of the cents and the percent floor, rounding the percent up', () => {
    expect(maxCostFor(1000, settings({ minMarginCents: 50, minMarginPercent: 10 }))).toBe(900);
    expect(maxCostFor(1000, settings({ minMarginCents: 150, minMarginPercent: 10 }))).toBe(850);
    expect(maxCostFor(999, settings({ minMarginPercent: 10 }))).toBe(899);
    expect(maxCostFor(1000, settings())).toBeNull();
  });
});
