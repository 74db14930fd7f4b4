import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useToaster } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals for component tests. */
  env?: 'default' | 'test';
};

/** The one toast container, mounted when the first toast has loaded it (lib/notify.ts). */
function ToastOutlet() {
  const toaster = useToaster();
  return toaster && <toaster.Toasts />;
}

/** Theme, data cache and the one toast container. */
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
        <ToastOutlet />
      </QueryClientProvider>
    </MantineProvider>
  );
}
