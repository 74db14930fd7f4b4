import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../app/provider';
import { SignedOutRoutes } from '../app/routes/signed-out-routes';
import { createQueryClient } from '../lib/query-client';
import { stubApi, type Routes } from './fake-server';

/** Renders routes inside the real providers and the signed-in app's data cache, starting at `path`. */
export function renderRoutes(routes: RouteObject[], path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at `path` inside the real providers and a router. */
export function renderWithRouter(element: ReactElement, path = '/') {
  return renderRoutes([{ path: '*', element }], path);
}

/** Answers `routes` with the fake API, then renders `element` at `path`; returns the fake server. */
export function renderWithApi(element: ReactElement, path: string, routes: Routes) {
  const server = stubApi(routes);
  return { server, ...renderWithRouter(element, path) };
}

/**
 * Renders the signed-out screens (they route with wouter) at `path` inside the real providers, without
 * the data cache, as the app runs them; `location()` is the path they are at now, after any navigation.
 */
export function renderSignedOut(path = '/', element: ReactElement = <SignedOutRoutes />) {
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <AppProvider env="test">
      <Router hook={memory.hook}>{element}</Router>
    </AppProvider>,
  );
  return { ...view, location: () => memory.history.at(-1) };
}
