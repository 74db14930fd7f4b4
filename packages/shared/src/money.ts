/** Money is integer cents inside the system and dollars (2 decimals) at the edges. */
export const centsToDollars = (cents: number | bigint): number => Number(cents) / 100;

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** Balance as the header shows it: dollar prefix, 2 decimals, thousands separators; a loss as -$6.00. */
export const formatUsd = (dollars: number): string =>
  `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Cents as people read money in mail, messages, CSVs and the audit trail: `formatUsd` of the dollars. */
export const formatCents = (cents: number | bigint): string => formatUsd(centsToDollars(cents));
