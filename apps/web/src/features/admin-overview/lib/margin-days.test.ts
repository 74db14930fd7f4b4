import { describe, expect, it } from 'vitest';
import { fillDays, marginScale, totals } from './margin-days';

const day = (d: string, margin: number, labels = 1) => ({
  day: d,
  labels,
  revenue: 10 * labels,
  cost: 10 * labels - margin,
  margin,
  belowCost: margin < 0 ? 1 : 0,
});

describe('margin per day', () => {
  it('keeps every day of the period in place, oldest first, with zeros where nothing was bought', () => {
    const days = fillDays([day('2026-11-24', 3)], 4, new Date('2026-11-26T23:30:00Z'));
    expect(days.map((d) => [d.day, d.margin])).toEqual([
      ['2026-11-23', 0],
      ['2026-11-24', 3],
      ['2026-11-25', 0],
      ['2026-11-26', 0],
    ]);
  });

  it('adds the days up to the cent', () => {
    expect(totals([day('2026-11-25', 0.1), day('2026-11-26', 0.2)])).toMatchObject({
      labels: 2,
      margin: 0.3,
    });
  });

  it('scales around zero, so a loss is drawn below the line', () => {
    expect(marginScale([day('a', 6), day('b', -2)])).toEqual({ top: 6, bottom: -2 });
    expect(marginScale([day('a', -2)])).toEqual({ top: 0, bottom: -2 });
    expect(marginScale([])).toEqual({ top: 1, bottom: 0 });
  });
});
