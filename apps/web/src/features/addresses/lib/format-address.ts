type AddressLike = { street: string; street2: string; city: string; state: string; zip: string };

/** One line for lists and confirmations: `123 Main St, Apt 4, Springfield, IL 62704`. */
export const formatAddressLine = (a: AddressLike): string =>
  [a.street, a.street2, a.city, `${a.state} ${a.zip}`.trim()].filter(Boolean).join(', ');
