import {
  createdTeamApiKeyResponse,
  invitationResponse,
  memberResponse,
  messageResponse,
  teamActivityResponse,
  teamApiKeysResponse,
  teamResponse,
  type CreateTeamApiKeyBody,
  type InviteBody,
  type TeamAction,
  type UpdateMemberBody,
} from '@portal/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { listQuery, readQuery, useRefresh } from '../../../lib/api-query';
import { queryKeys } from '../../../lib/query-keys';

export type ActivityFilters = { member: string; action: TeamAction | ''; page: number };

export const teamQueries = {
  /** GET /team: the team, its members and open invitations. */
  members: () => readQuery(queryKeys.team.members, teamResponse, '/team'),
  /** GET /team/api-keys */
  keys: () => readQuery(queryKeys.team.keys, teamApiKeysResponse, '/team/api-keys'),
  /** GET /team/activity?member&action&page */
  activity: (filters: ActivityFilters) =>
    listQuery(queryKeys.team.activity(filters), teamActivityResponse, '/team/activity', filters),
};

export const useTeam = () => useQuery(teamQueries.members());
export const useTeamKeys = (enabled: boolean) => useQuery({ ...teamQueries.keys(), enabled });
export const useTeamActivity = (filters: ActivityFilters) => useQuery(teamQueries.activity(filters));

const useTeamWrite = <A, R>(write: (input: A) => Promise<R>) => {
  const refresh = useRefresh(queryKeys.team.all);
  return useMutation({ mutationFn: write, onSuccess: refresh });
};

/** POST /team/invitations with { email, role } */
export const useInvite = () =>
  useTeamWrite(async (body: InviteBody) =>
    invitationResponse.parse(await api.post('/team/invitations', body)),
  );
/** POST /team/invitations/{id}/resend */
export const useResendInvitation = () =>
  useTeamWrite(async (id: string) =>
    invitationResponse.parse(await api.post(`/team/invitations/${id}/resend`)),
  );
/** DELETE /team/invitations/{id} */
export const useRevokeInvitation = () =>
  useTeamWrite(async (id: string) => messageResponse.parse(await api.delete(`/team/invitations/${id}`)));
/** PATCH /team/members/{id} with { role?, dailyLimit? } */
export const useUpdateMember = () =>
  useTeamWrite(async ({ id, ...body }: UpdateMemberBody & { id: string }) =>
    memberResponse.parse(await api.patch(`/team/members/${id}`, body)),
  );
/** DELETE /team/members/{id} */
export const useRemoveMember = () =>
  useTeamWrite(async (id: string) => messageResponse.parse(await api.delete(`/team/members/${id}`)));
/** POST /team/leave: the signed-in member leaves; their session ends with it. */
export const useLeaveTeam = () =>
  useMutation({ mutationFn: async () => messageResponse.parse(await api.post('/team/leave')) });
/** PUT /team/settings with { requireTwoFactor } */
export const useTeamSettings = () => {
  const refresh = useRefresh(queryKeys.team.all, queryKeys.session);
  return useMutation({
    mutationFn: async (requireTwoFactor: boolean) =>
      messageResponse.parse(await api.put('/team/settings', { requireTwoFactor })),
    onSuccess: refresh,
  });
};
/** POST /team/api-keys with { name, role }: the answer holds the key, shown once. */
export const useCreateTeamKey = () =>
  useTeamWrite(async (body: CreateTeamApiKeyBody) =>
    createdTeamApiKeyResponse.parse(await api.post('/team/api-keys', body)),
  );
/** DELETE /team/api-keys/{id} */
export const useRevokeTeamKey = () =>
  useTeamWrite(async (id: string) => messageResponse.parse(await api.delete(`/team/api-keys/${id}`)));

const acceptedResponse = z.object({ message: z.string(), team: z.object({ name: z.string() }) });
/** POST /team/invitations/accept with { token }: the signed-in person joins. */
export const useAcceptInvitation = () => {
  const refresh = useRefresh(queryKeys.session, queryKeys.orders.all, queryKeys.team.all);
  return useMutation({
    mutationFn: async (token: string) =>
      acceptedResponse.parse(await api.post('/team/invitations/accept', { token })),
    onSuccess: refresh,
  });
};
