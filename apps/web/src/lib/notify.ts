import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client';
import { loadOnce } from './load-once';
import type * as ToasterModule from './toaster';

type Toaster = typeof ToasterModule;
type ToastType = 'success' | 'error' | 'warning' | 'info';

// react-toastify comes with the first toast, not with the page (docs/decisions/224). A toast asked for
// before its container mounts waits in react-toastify's queue and shows when the container arrives.
let toaster: Toaster | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the toaster once (a failed fetch is tried again by the next toast); the signed-in app asks for
 * it as it starts, so its toasts never wait.
 */
export const loadToaster = loadOnce(() =>
  import('./toaster').then((loaded) => {
    toaster = loaded;
    listeners.forEach((listener) => listener());
    return loaded;
  }),
);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The toaster once loaded, for the provider that mounts its container; null until the first toast. */
export const useToaster = (): Toaster | null => useSyncExternalStore(subscribe, () => toaster);

// The message is the toast's id: the same outcome twice shows once, not stacked.
function show(type: ToastType, message: string): void {
  loadToaster().then(
    ({ toast }) => toast[type](message, { toastId: `${type}:${message}` }),
    (error: unknown) => console.warn('Could not load the toaster for', message, error),
  );
}

/** The text to show for any failure: the server's message as given, else a calm generic line. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The central error toast (spec section 8: failed actions show the server's message in a toast). */
export function notifyError(error: unknown): void {
  show('error', errorMessage(error));
}

export function notifySuccess(message: string): void {
  show('success', message);
}

export function notifyWarning(message: string): void {
  show('warning', message);
}

export function notifyInfo(message: string): void {
  show('info', message);
}
