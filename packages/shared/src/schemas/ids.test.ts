import { describe, expect, it } from 'vitest';
import { isUuid, UNKNOWN_ID, uuidParams } from './ids.ts';

const ID = '3f2b8c1e-9a4d-4e6f-b7a1-0c2d3e4f5a6b';

describe('isUuid', () => {
  it('accepts UUIDs in either case and nothing else', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    for (const bad of [
      '',
      'not-a-uuid',
      `${ID}x`,
      ID.replaceAll('-', ''),
      `${ID.slice(0, -1)}g`,
      "1' or '1'='1",
    ])
      expect(isUuid(bad), bad).toBe(false);
  });
});

describe('uuidParams', () => {
  const params = uuidParams({ id: 'Webhook endpoint not found', deliveryId: 'Delivery not found' });

  it('passes UUID path params through', () => {
    expect(params.parse({ id: ID, deliveryId: ID })).toEqual({ id: ID, deliveryId: ID });
  });

  it("fails a param that is not a UUID with its route's not-found text, flagged as an unknown id", () => {
    const result = params.safeParse({ id: ID, deliveryId: '42' });
    expect(result.success).toBe(false);
    const [issue, ...others] = result.error!.issues;
    expect(others).toEqual([]);
    expect(issue).toMatchObject({
      path: ['deliveryId'],
      message: 'Delivery not found',
      params: { [UNKNOWN_ID]: true },
    });
  });
});
