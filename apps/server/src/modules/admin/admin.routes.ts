import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/authenticate.ts';
import { declareAccess } from '../../plugins/permissions.ts';
import {
  adminLabelTypeRoutes,
  adminResellerPriceRoutes,
  adminRouteRoutes,
} from '../label-types/admin-label-types.routes.ts';
import { adminInvoiceRoutes } from '../invoices/admin-invoices.routes.ts';
import { adminSettingsRoutes } from '../settings/admin-settings.routes.ts';
import { adminCourierRoutes } from '../courier/admin-courier.routes.ts';
import { adminReadRoutes } from './admin-reads.routes.ts';
import { adminMarginRoutes, adminProviderRoutes, adminReportRoutes } from '../providers/providers.routes.ts';
import { adminUserRoutes } from './admin-users.routes.ts';
import { adminPaymentProviderRoutes } from '../payments/payments.routes.ts';
import { adminTeamRoutes } from '../teams/admin-team.routes.ts';
import { adminOrderRoutes } from '../orders/admin-orders.routes.ts';
import { adminOrderRefundRoutes, adminRefundRequestRoutes } from '../refunds/admin-refunds.routes.ts';

/**
 * The staff API under `/api/v1/admin`: every route inside needs a staff session (401 without a valid
 * token, 403 for a reseller). Each area registers its own plugin here with its prefix.
 */
export const adminRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (admin) => {
    // onRequest, before the body is read or validated: a reseller learns nothing of the staff API's schema.
    admin.addHook('onRequest', requireAdmin(ctx));
    declareAccess(admin, 'staff');
    await admin.register(adminReadRoutes(ctx));
    await admin.register(adminUserRoutes(ctx), { prefix: '/users' });
    await admin.register(adminResellerPriceRoutes(ctx), { prefix: '/users' });
    await admin.register(adminTeamRoutes(ctx), { prefix: '/users' });
    await admin.register(adminLabelTypeRoutes(ctx), { prefix: '/label-types' });
    await admin.register(adminRouteRoutes(ctx), { prefix: '/label-types' });
    await admin.register(adminProviderRoutes(ctx), { prefix: '/providers' });
    await admin.register(adminMarginRoutes(ctx), { prefix: '/margins' });
    await admin.register(adminReportRoutes(ctx), { prefix: '/reports' });
    await admin.register(adminInvoiceRoutes(ctx), { prefix: '/invoices' });
    await admin.register(adminPaymentProviderRoutes(ctx), { prefix: '/payment-providers' });
    await admin.register(adminSettingsRoutes(ctx), { prefix: '/settings' });
    await admin.register(adminOrderRoutes(ctx), { prefix: '/orders' });
    await admin.register(adminOrderRefundRoutes(ctx), { prefix: '/orders' });
    await admin.register(adminRefundRequestRoutes(ctx), { prefix: '/refund-requests' });
    await admin.register(adminCourierRoutes(ctx), { prefix: '/courier' });
  };
