import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { changeEmailBody, type ChangeEmailBody } from '@portal/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { notifySuccess } from '../../../lib/notify';
import { storeEmail } from '../../../lib/stored-email';
import { useChangeEmail, useEmailStatus } from '../api/account-settings';
import { SettingsSection } from './settings-section';

/** The verified address (used for password reset) and adding or changing one, which leads to /verify. */
export function EmailSection() {
  const navigate = useNavigate();
  const status = useEmailStatus();
  const change = useChangeEmail();
  const form = useForm<z.input<typeof changeEmailBody>, unknown, ChangeEmailBody>({
    resolver: zodResolver(changeEmailBody),
    defaultValues: { email: '' },
  });
  const goVerify = (email: string) => {
    storeEmail(email);
    navigate('/verify');
  };
  const onSubmit = form.handleSubmit(async ({ email }) => {
    const result = await change.mutateAsync({ email }).catch(() => null);
    if (!result) return;
    notifySuccess(result.message);
    goVerify(email);
  });

  const current = status.data;
  return (
    <SettingsSection
      title="Email"
      description="Used only to reset your password. A new address counts once you enter the OTP we send to it."
    >
      <Stack gap="md">
        {status.isPending ? (
          <Skeleton h={24} w={260} />
        ) : (
          <Group gap="xs" data-testid="current-email">
            <Text fw={600}>{current?.email ?? 'No email added yet'}</Text>
            {current?.email && (
              <Badge color={current.emailVerified ? 'green' : 'yellow'} variant="light">
                {current.emailVerified ? 'Verified' : 'Not verified'}
              </Badge>
            )}
          </Group>
        )}
        {current?.pendingEmail && (
          <Text size="sm" data-testid="pending-email">
            Waiting for the OTP sent to <strong>{current.pendingEmail}</strong>.{' '}
            <Anchor component="button" type="button" onClick={() => goVerify(current.pendingEmail ?? '')}>
              Enter the OTP
            </Anchor>
          </Text>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              type="email"
              label={current?.email ? 'New email' : 'Email'}
              placeholder="you@example.com"
              autoComplete="email"
              flex="1 1 260px"
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <Button type="submit" loading={change.isPending}>
              {current?.email ? 'Change email' : 'Add email'}
            </Button>
          </Group>
        </form>
      </Stack>
    </SettingsSection>
  );
}
