import { adminTeamMembersResponse, messageResponse } from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/users/{id}/members: the members of the reseller's team (issue 45). */
export const memberQueries = {
  list: (id: string) =>
    queryOptions({
      queryKey: queryKeys.admin.resellers.members(id),
      queryFn: async () =>
        adminTeamMembersResponse.parse(await api.get(`/admin/users/${encodeURIComponent(id)}/members`)),
    }),
};

export const useResellerMembers = (id: string) => useQuery(memberQueries.list(id));

/** POST /admin/users/{memberId}/disable or /enable: one member, the rest of the team keeps working. */
export const useMemberAccess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, action }: { memberId: string; action: 'disable' | 'enable' }) =>
      messageResponse.parse(await api.post(`/admin/users/${encodeURIComponent(memberId)}/${action}`)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.resellers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
      ]),
  });
};
