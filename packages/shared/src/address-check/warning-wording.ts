import { resolveHeader } from '../csv/columns.ts';
import type { AddressWarning } from './address-check.ts';

/**
 * Which address a warning is about, in the reseller's words: "To address", "From address", or null for
 * the address book's one address (`zip`). Reads the order fields (`ToZip`) and, on a CSV row, the file's
 * own headers ("Recipient ZIP"); the field names themselves are never shown.
 */
export function addressOfWarning(
  w: Pick<AddressWarning, 'row' | 'field'>,
): 'To address' | 'From address' | null {
  const isOrderField = /^(?:To|From)[A-Z]/.test(w.field);
  const column = isOrderField ? w.field : w.row === undefined ? null : resolveHeader(w.field)?.column;
  if (column?.startsWith('To')) return 'To address';
  if (column?.startsWith('From')) return 'From address';
  return null;
}

/** One warning as a line to read: "Row 2, To address: ZIP 10118 belongs to New York, NY, ...". */
export function addressWarningText(w: Pick<AddressWarning, 'row' | 'field' | 'message'>): string {
  const where = [w.row === undefined ? null : `Row ${w.row}`, addressOfWarning(w)].filter(Boolean);
  return where.length > 0 ? `${where.join(', ')}: ${w.message}` : w.message;
}

/** The button that applies a warning's suggestion: "Use New York, NY" (null without one). */
export const addressSuggestionLabel = (w: Pick<AddressWarning, 'suggestion'>): string | null =>
  w.suggestion === null ? null : `Use ${w.suggestion}`;
