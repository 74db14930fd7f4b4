import { describe, expect, it } from 'vitest';
import { formatUsd } from './money.ts';

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
