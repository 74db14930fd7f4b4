import type { ProviderView } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { toViews } from './provider-views.ts';
import { listProviders } from './providers.repository.ts';

/** GET /admin/providers */
export async function readProviders(ctx: AppContext): Promise<ProviderView[]> {
  return toViews(ctx, await listProviders(ctx.db));
}
