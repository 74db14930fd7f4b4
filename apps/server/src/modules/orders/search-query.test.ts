import { describe, expect, it } from 'vitest';
import { toSearchQuery } from './search-query.ts';

describe('toSearchQuery', () => {
  it.each([
    ['Smith', 'smith:*'],
    ['  rita   RECEIVER ', 'rita:* & receiver:*'],
    ['LBL-10042', '10042:*'],
    ['lbl', 'lbl:*'],
    ["O'Neil", 'o:* & neil:*'],
    ['1Z999AA10123456784', '1z999aa10123456784:*'],
    ['José Núñez', 'josé:* & núñez:*'],
    ["'); drop table orders; --", 'drop:* & table:* & orders:*'],
    ['a b c d e f g h', 'a:* & b:* & c:* & d:* & e:* & f:*'],
  ])('reads %j as %j', (search, query) => {
    expect(toSearchQuery(search)).toBe(query);
  });

  it('is null when nothing searchable was typed', () => {
    expect(toSearchQuery('')).toBeNull();
    expect(toSearchQuery(' %_*:&|! ')).toBeNull();
  });
});
