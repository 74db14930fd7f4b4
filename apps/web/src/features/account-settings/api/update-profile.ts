import { profileResponse, type UpdateProfileBody } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** PATCH /user/profile: the display name. */
export const updateProfile = async (body: UpdateProfileBody) =>
  profileResponse.parse(await api.patch('/user/profile', body));

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryKey, user),
  });
};
