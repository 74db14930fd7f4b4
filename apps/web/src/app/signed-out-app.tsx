import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { signedOutRoutes } from './routes/signed-out-routes';

export function SignedOutApp() {
  const [router] = useState(() => createBrowserRouter(signedOutRoutes));
  return <RouterProvider router={router} />;
}
