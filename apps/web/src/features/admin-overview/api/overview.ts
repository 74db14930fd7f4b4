import { marginsResponse, overviewResponse, type MarginGroup } from '@portal/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, type DownloadedFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { queryKeys } from '../../../lib/query-keys';

export const MARGIN_DAYS = 30;

/** GET /admin/overview: today's figures, 30 days of labels and revenue, queues waiting for staff. */
export const getOverview = async () => overviewResponse.parse(await api.get('/admin/overview'));

/** GET /admin/margins?days=30: what labels bought upstream cost us beside what resellers paid. */
export const getMargins = async () =>
  marginsResponse.parse(await api.get('/admin/margins', { query: { days: MARGIN_DAYS } }));

export const overviewQueries = {
  overview: () =>
    queryOptions({ queryKey: queryKeys.admin.overview, queryFn: getOverview, refetchInterval: 60_000 }),
  margins: () =>
    queryOptions({
      queryKey: queryKeys.admin.margins(MARGIN_DAYS),
      queryFn: getMargins,
      refetchInterval: 60_000,
    }),
};

export const useOverview = () => useQuery(overviewQueries.overview());
export const useMargins = () => useQuery(overviewQueries.margins());

/**
 * GET /admin/reports/margins.csv?from&to&groupBy: cost and margin for the books (decision 332), saved
 * under the server's file name.
 */
export async function downloadMarginReport(query: { from: string; to: string; groupBy: MarginGroup }) {
  const file = await api.get<DownloadedFile>('/admin/reports/margins.csv', { query, responseType: 'file' });
  saveFile(file.blob, file.fileName ?? `margins-by-${query.groupBy}.csv`);
}

export const useDownloadMarginReport = () => useMutation({ mutationFn: downloadMarginReport });
