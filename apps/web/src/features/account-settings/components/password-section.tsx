import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, SimpleGrid } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../../lib/notify';
import {
  changePasswordFormSchema,
  useChangePassword,
  type ChangePasswordFormValues,
} from '../api/change-password';
import { SettingsSection } from './settings-section';

export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await change.mutateAsync({ currentPassword, newPassword }).catch(() => null);
    if (!result) return;
    notifySuccess(result.message);
    form.reset();
  });

  return (
    <SettingsSection title="Password" description="Changing it signs you out on every other device.">
      <form onSubmit={onSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
