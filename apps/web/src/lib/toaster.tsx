import { TOAST_AUTO_CLOSE_MS } from '@portal/shared';
import { ToastContainer } from 'react-toastify/unstyled';

export { toast } from 'react-toastify/unstyled';

/**
 * react-toastify and the one toast container (spec section 9: top-right, 5000 ms, draggable, pause on
 * hover). This module is its own chunk, loaded with the first toast (lib/notify.ts), so the screens before
 * sign-in do not download it (docs/decisions/224).
 */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      draggable
      pauseOnHover
      newestOnTop
      theme="light"
      // At most 3 at a time, and below the 64 px header so the balance stays in sight.
      limit={3}
      style={{ top: 72 }}
    />
  );
}
