import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { useToaster } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';

type AppProviderProps = {
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals for component tests. */
  env?: 'default' | 'test';
};

/** The one toast container, mounted when the first toast has loaded it (lib/notify.ts). */
function ToastOutlet() {
  const toaster = useToaster();
  return toaster && <toaster.Toasts />;
}

/**
 * Theme and the one toast container. The data cache is the signed-in app's (signed-in-app.tsx): the
 * screens before sign-in do without it (docs/decisions/224).
 */
export function AppProvider({ children, env = 'default' }: AppProviderProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      {children}
      <ToastOutlet />
    </MantineProvider>
  );
}
