import { MantineProvider } from '@mantine/core';
import { TOAST_AUTO_CLOSE_MS } from '@portal/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { createQueryClient } from '../lib/query-client';
import { theme } from './theme';

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals for component tests. */
  env?: 'default' | 'test';
};

/** Theme, data cache and the one toast container (spec section 9: top-right, 5000 ms, draggable, pause on hover). */
export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={client}>
        {children}
        <ToastContainer
          position="top-right"
          autoClose={TOAST_AUTO_CLOSE_MS}
          draggable
          pauseOnHover
          newestOnTop
          theme="light"
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}
