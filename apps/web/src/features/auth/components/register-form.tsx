import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { REGISTER_REDIRECT_MS } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { PasswordStrengthMeter } from '../../../components/password-strength-meter';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { withPasswordStrength } from '../../../lib/password-strength';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { register, registerFormSchema, type RegisterFormValues } from '../api/register';
import { useCaptcha } from '../captcha/use-captcha';
import { TimedMessageAlert } from '../../../components/timed-message-alert';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { CaptchaSlot } from './captcha-slot';

export const REGISTER_SUCCESS_MESSAGE = 'Account created successfully, please login.';

const ownerOf = (values: RegisterFormValues) => ({ discordName: values.discordId, name: values.username });

export function RegisterForm() {
  const [, navigate] = useLocation();
  const { getToken, containerRef } = useCaptcha();
  const { message, show } = useTimedMessage();
  const [isRegistered, setIsRegistered] = useState(false);
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerFormSchema>>({
    // Checked when a field is left, then as it changes: the password's strength before any call.
    mode: 'onTouched',
    resolver: withPasswordStrength(zodResolver(registerFormSchema), 'password', ownerOf),
    defaultValues: { username: '', discordId: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [username, discordId, password] = useWatch({
    control: form.control,
    name: ['username', 'discordId', 'password'],
  });

  // The password's verdict counts the name and Discord Name: judge it again when they change, once shown.
  const { trigger, getFieldState } = form;
  useEffect(() => {
    if (getFieldState('password').isTouched) void trigger('password');
  }, [username, discordId, trigger, getFieldState]);

  // After the success toast, Sign-In follows 2.5 seconds later (spec section 2).
  useEffect(() => {
    if (!isRegistered) return;
    const timer = window.setTimeout(() => navigate('/login'), REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isRegistered, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const captchaToken = await getToken();
      await register({ ...values, captchaToken });
      notifySuccess(REGISTER_SUCCESS_MESSAGE);
      setIsRegistered(true);
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, ['password'])) show(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TimedMessageAlert message={message} />
        <TextInput
          label="Name"
          placeholder="Your name or business"
          autoComplete="name"
          size="md"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextInput
          label="Discord Name"
          placeholder="your Discord name"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          size="md"
          error={errors.discordId?.message}
          {...form.register('discordId')}
        />
        <PasswordInput
          label="Password"
          placeholder="At least 8 characters"
          autoComplete="new-password"
          size="md"
          error={errors.password?.message}
          inputContainer={(input) => (
            <>
              {input}
              <PasswordStrengthMeter password={password} owner={ownerOf({ username, discordId, password })} />
            </>
          )}
          {...form.register('password')}
        />
        <Button type="submit" size="md" fullWidth loading={isSubmitting} disabled={isRegistered} mt="xs">
          Sign Up
        </Button>
        <CaptchaSlot containerRef={containerRef} />
      </Stack>
    </form>
  );
}
