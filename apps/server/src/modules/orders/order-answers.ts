import type { AddressWarning } from '@portal/shared';
import { AppError } from '../../errors.ts';

export const orderNotFound = () => AppError.notFound('Order not found');

/** An answer with the address check's warnings, when it has any. */
export const withWarnings = <T extends object>(answer: T, warnings: AddressWarning[]) =>
  warnings.length > 0 ? { ...answer, warnings } : answer;
