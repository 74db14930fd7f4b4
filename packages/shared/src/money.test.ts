import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd } from './money.ts';

describe('formatUsd', () => {
  it('writes dollars with two decimals and thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('puts the minus of a loss before the dollar sign', () => {
    expect(formatUsd(-6)).toBe('-$6.00');
    expect(formatUsd(-0)).toBe('$0.00');
  });
});

describe('formatCents', () => {
  it('writes integer cents as dollars with two decimals and thousands separators', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0n)).toBe('$0.00');
  });

  it('puts the minus of a debit before the dollar sign', () => {
    expect(formatCents(-600)).toBe('-$6.00');
  });
});
