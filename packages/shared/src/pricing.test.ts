import { describe, expect, it } from 'vitest';
import { applyPriceOverride, checkPriceTiers, priceForWeight, type PriceTier } from './pricing.ts';

const tiers = (rows: Array<[number, number, number]>): PriceTier[] =>
  rows.map(([fromWeight, toWeight, price]) => ({ fromWeight, toWeight, price }));
const priority = {
  name: 'Priority',
  maxWeight: 70,
  weightUnit: 'lb',
  prices: tiers([
    [0, 1, 4.5],
    [1, 5, 6.5],
    [5, 70, 9],
  ]),
};
const messages = (rows: Array<[number, number, number]>, max = 70) =>
  checkPriceTiers(tiers(rows), max).map((i) => i.message);

describe('priceForWeight', () => {
  it('prices a weight by the tier with from < weight <= to', () => {
    expect(priceForWeight(priority, 0.5)).toEqual({ ok: true, price: 4.5 });
    expect(priceForWeight(priority, 1)).toEqual({ ok: true, price: 4.5 });
    expect(priceForWeight(priority, 1.01)).toEqual({ ok: true, price: 6.5 });
    expect(priceForWeight(priority, 70)).toEqual({ ok: true, price: 9 });
  });

  it('refuses zero, over the maximum and uncovered weights with the message a reseller sees', () => {
    expect(priceForWeight(priority, 0)).toMatchObject({
      ok: false,
      issue: { message: 'Weight must be greater than 0' },
    });
    expect(priceForWeight(priority, 70.5)).toMatchObject({
      issue: { field: 'Weight', message: 'Weight must be at most 70 lb for Priority' },
    });
    const holey = { ...priority, prices: tiers([[0, 1, 4.5]]) };
    expect(priceForWeight(holey, 2)).toMatchObject({
      issue: { message: 'No Priority price for weight 2 lb' },
    });
  });
});

describe('checkPriceTiers', () => {
  it('accepts tiers covering 0 to the max weight in any row order', () => {
    expect(
      messages([
        [5, 70, 9],
        [0, 5, 4],
      ]),
    ).toEqual([]);
  });

  it('names a gap, an overlap, a negative value and a tier beyond the max weight', () => {
    expect(
      messages([
        [0, 5, 4],
        [6, 70, 9],
      ]),
    ).toEqual(['No price from 5 to 6']);
    expect(
      messages([
        [0, 5, 4],
        [4, 70, 9],
      ]),
    ).toEqual(['Tiers 1 and 2 overlap between 4 and 5']);
    expect(
      messages([
        [0, 5, -1],
        [5, 70, 9],
      ]),
    ).toEqual(['Tier 1: Price must be greater than 0']);
    expect(
      messages([
        [0, 5, 0],
        [5, 70, 9],
      ]),
    ).toEqual(['Tier 1: Price must be greater than 0']);
    expect(
      messages([
        [-1, 5, 1],
        [5, 70, 9],
      ]),
    ).toEqual(['Tier 1: From weight must be 0 or more']);
    expect(
      messages([
        [0, 5, 4],
        [5, 80, 9],
      ]),
    ).toEqual(['Tier 2: To weight 80 is beyond the max weight 70']);
    expect(
      messages([
        [0, 5, 4],
        [5, 60, 9],
      ]),
    ).toEqual(['No price from 60 to the max weight 70']);
    expect(messages([[1, 70, 4]])).toEqual(['The first tier must start at 0']);
    expect(messages([[0, 70, 4.555]])).toEqual(['Tier 1: Price must have at most 2 decimals']);
    expect(messages([])).toEqual(['Add at least one price tier']);
  });
});

describe('applyPriceOverride', () => {
  it('uses the reseller tiers, or moves every default price by a percentage rounded to the cent', () => {
    const own = tiers([[0, 70, 3]]);
    expect(applyPriceOverride(priority.prices, { percent: null, tiers: own })).toEqual(own);
    expect(applyPriceOverride(priority.prices, { percent: -10, tiers: null }).map((t) => t.price)).toEqual([
      4.05, 5.85, 8.1,
    ]);
    expect(applyPriceOverride(priority.prices, { percent: 12.5, tiers: null }).map((t) => t.price)).toEqual([
      5.06, 7.31, 10.13,
    ]);
    expect(applyPriceOverride(priority.prices, null)).toEqual(priority.prices);
  });
});
