import type { LabelTypeView } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { labelTypeOptions } from './label-type-options';

const type = (over: Partial<LabelTypeView>) => ({ status: true, ...over }) as LabelTypeView;

describe('labelTypeOptions', () => {
  it('groups by carrier in USPS, UPS, FedEx order, drops empty groups and marks switched-off types', () => {
    const options = labelTypeOptions([
      type({ _id: 'f1', carrier: 'fedex', name: 'FedEx Ground' }),
      type({ _id: 'u1', carrier: 'usps', name: 'USPS Priority', status: false }),
      type({ _id: 'u2', carrier: 'usps', name: 'USPS Ground' }),
    ]);
    expect(options).toEqual([
      {
        group: 'USPS',
        items: [
          { value: 'u1', label: 'USPS Priority (unavailable)', disabled: true },
          { value: 'u2', label: 'USPS Ground', disabled: false },
        ],
      },
      { group: 'FedEx', items: [{ value: 'f1', label: 'FedEx Ground', disabled: false }] },
    ]);
  });

  it('lets staff choose a switched-off type when filtering past orders', () => {
    const off = type({ _id: 'u1', carrier: 'usps', name: 'USPS Priority', status: false });
    const [usps] = labelTypeOptions([off], { offSelectable: true });
    expect(usps?.items).toEqual([{ value: 'u1', label: 'USPS Priority (unavailable)', disabled: false }]);
  });
});
