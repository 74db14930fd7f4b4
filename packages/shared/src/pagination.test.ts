import { describe, expect, it } from 'vitest';
import { pageCount, pageOffset } from './pagination.ts';

describe('pageOffset', () => {
  it('starts page 1 at the first row and each later page one page size further', () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(2, 10)).toBe(10);
    expect(pageOffset(5, 20)).toBe(80);
  });
});

describe('pageCount', () => {
  it('answers one page for an empty list, never zero', () => {
    expect(pageCount(0, 10)).toBe(1);
  });

  it('counts a partly filled last page as a page', () => {
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
  });
});
