import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { signedInRoutes } from './routes/signed-in-routes';

/** Loaded on demand, so the Sign-In page does not download the shell and its pages. */
export default function SignedInApp() {
  const [router] = useState(() => createBrowserRouter(signedInRoutes));
  return <RouterProvider router={router} />;
}
