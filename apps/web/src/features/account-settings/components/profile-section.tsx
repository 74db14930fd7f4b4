import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { updateProfileBody, type UpdateProfileBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateProfile } from '../api/account-settings';
import { SettingsSection } from './settings-section';

export function ProfileSection({ username, discordId }: { username: string; discordId: string }) {
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof updateProfileBody>, unknown, UpdateProfileBody>({
    resolver: zodResolver(updateProfileBody),
    values: { username },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await update.mutateAsync(values).catch(() => null);
    if (result) notifySuccess(result.message);
  });

  return (
    <SettingsSection
      title="Profile"
      description="The name shown in the header. You sign in with your Discord name."
    >
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            autoComplete="name"
            flex="1 1 220px"
            error={form.formState.errors.username?.message}
            {...form.register('username')}
          />
          <TextInput label="Discord Name" value={discordId} readOnly disabled flex="1 1 220px" />
          <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
            Save name
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
