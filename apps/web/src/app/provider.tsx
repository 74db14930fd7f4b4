import { MantineProvider } from '@mantine/core';
import { TOAST_AUTO_CLOSE_MS } from '@portal/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

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
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={client}>
        {children}
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
      </QueryClientProvider>
    </MantineProvider>
  );
}
