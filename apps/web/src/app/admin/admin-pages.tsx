import type { Icon } from '@tabler/icons-react';
import type { ReactElement } from 'react';

export type AdminPage = {
  label: string;
  /** Relative to `/admin`; '' is the console's index (Overview). */
  path: string;
  icon: Icon;
  element: ReactElement;
};

/**
 * The console's pages, in sidebar order: Overview, Resellers, Audit Log, Mail, then Deposits, Orders,
 * Courier, Label Types, Settings as their features land. A page is listed only once it exists.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [];
