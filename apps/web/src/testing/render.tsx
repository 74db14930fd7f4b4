import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../app/provider';
import { SignedOutRoutes } from '../app/routes/signed-out-routes';
import { createQueryClient } from '../lib/query-client';

/** Renders routes inside the real providers, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `path` inside the real providers and a router. */
export function renderWithRouter(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

/**
 * Renders the signed-out screens (they route with wouter) at `path` inside the real providers;
 * `location()` is the path they are at now, after any navigation.
 */
export function renderSignedOut(path = '/', element: ReactElement = <SignedOutRoutes />) {
  const memory = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider queryClient={queryClient} env="test">
      <Router hook={memory.hook}>{element}</Router>
    </AppProvider>,
  );
  return { ...view, queryClient, location: () => memory.history.at(-1) };
}
