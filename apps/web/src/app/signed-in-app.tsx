import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadToaster } from '../lib/notify';
import { signedInRoutes } from './routes/signed-in-routes';

/** Loaded on demand, so the Sign-In page does not download the shell and its pages. */
export default function SignedInApp() {
  const [router] = useState(() => createBrowserRouter(signedInRoutes));
  // Toasts report this app's actions, failures offline included: fetch them now, not with the first one.
  useEffect(() => {
    loadToaster().catch(() => undefined);
  }, []);
  return <RouterProvider router={router} />;
}
