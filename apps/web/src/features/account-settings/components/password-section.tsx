import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, PasswordInput, SimpleGrid } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { withPasswordStrength } from '../../../lib/password-strength';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSession } from '../../../lib/session';
import {
  changePasswordFormSchema,
  useChangePassword,
  type ChangePasswordFormValues,
} from '../api/account-settings';
import { SettingsSection } from './settings-section';

export function PasswordSection() {
  const change = useChangePassword();
  const user = useSession().data;
  // The account's own names make a password easy to guess for anyone who knows them (as on the server).
  const owner = { discordName: user?.discordId, name: user?.username, email: user?.email };
  const form = useForm<ChangePasswordFormValues, unknown, z.output<typeof changePasswordFormSchema>>({
    // Checked when a field is left, then as it changes: the new password's strength before any call.
    mode: 'onTouched',
    resolver: withPasswordStrength(zodResolver(changePasswordFormSchema), 'newPassword', () => owner),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const result = await change.mutateAsync({ currentPassword, newPassword }).catch((error: unknown) => {
      if (!showServerFieldErrors(error, form.setError, ['newPassword'])) notifyError(error);
      return null;
    });
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
            inputContainer={(input) => (
              <>
                {input}
                <PasswordStrengthMeter password={newPassword} owner={owner} />
              </>
            )}
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
