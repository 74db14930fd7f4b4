import { labelTypeListResponse, type LabelTypeView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

/** GET /labeltype/read: the label types with their price tiers, one cached copy for every form (a failure is only logged, spec section 8). */
export const getLabelTypes = async (): Promise<LabelTypeView[]> =>
  labelTypeListResponse.parse(await api.get('/labeltype/read')).labelTypes;

export const labelTypesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.labelTypes, queryFn: getLabelTypes, staleTime: 5 * 60_000 });

export const useLabelTypes = () => useQuery(labelTypesQueryOptions());
