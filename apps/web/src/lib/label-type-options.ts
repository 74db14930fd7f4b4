import { CARRIER_NAMES, CARRIERS, type LabelTypeView } from '@portal/shared';

/**
 * The label-type select's options, grouped by carrier; switched-off types show as unavailable and cannot be
 * chosen, except where staff filter past orders by type (`offSelectable`).
 */
export const labelTypeOptions = (types: readonly LabelTypeView[], { offSelectable = false } = {}) =>
  CARRIERS.map((carrier) => ({
    group: CARRIER_NAMES[carrier],
    items: types
      .filter((t) => t.carrier === carrier)
      .map((t) => ({
        value: t._id,
        label: t.status ? t.name : `${t.name} (unavailable)`,
        disabled: !t.status && !offSelectable,
      })),
  })).filter((group) => group.items.length > 0);
