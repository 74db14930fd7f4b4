import { toast } from 'react-toastify/unstyled';
import { ApiError } from './api-client';

/** The text to show for any failure: the server's message as given, else a calm generic line. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The central error toast (spec section 8: failed actions show the server's message in a toast). */
export function notifyError(error: unknown): void {
  const message = errorMessage(error);
  toast.error(message, { toastId: `error:${message}` });
}

// The message is the toast's id: the same outcome twice shows once, not stacked.
export function notifySuccess(message: string): void {
  toast.success(message, { toastId: `success:${message}` });
}

export function notifyWarning(message: string): void {
  toast.warning(message, { toastId: `warning:${message}` });
}

export function notifyInfo(message: string): void {
  toast.info(message, { toastId: `info:${message}` });
}
