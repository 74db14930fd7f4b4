import { unusedLabelsSettingResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /user/unused-labels: whether staff void unused labels, and after how many days. */
export const getUnusedLabels = async () =>
  unusedLabelsSettingResponse.parse(await api.get('/user/unused-labels'));

export const useUnusedLabels = () =>
  useQuery(queryOptions({ queryKey: ['account', 'unused-labels'], queryFn: getUnusedLabels }));
