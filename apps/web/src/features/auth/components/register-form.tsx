import { TextInput } from '@mantine/core';
import { REGISTER_REDIRECT_MS } from '@portal/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  AuthForm,
  AuthSubmitButton,
  DiscordNameInput,
  NewPasswordInput,
} from '../../../components/auth-fields';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import { passwordStrengthCheck } from '../../../lib/password-strength';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { register, registerFormSchema, type RegisterFormValues } from '../api/auth';
import { useCaptcha } from '../captcha/use-captcha';
import { useTimedMessage } from '../../../lib/use-timed-message';
import { CaptchaSlot } from './captcha-slot';

export const REGISTER_SUCCESS_MESSAGE = 'Account created successfully, please login.';

const ownerOf = (values: RegisterFormValues) => ({ discordName: values.discordId, name: values.username });
const checkPassword = passwordStrengthCheck('password', ownerOf);

export function RegisterForm() {
  const [, navigate] = useLocation();
  const { getToken, containerRef } = useCaptcha();
  const { message, show } = useTimedMessage();
  const [isRegistered, setIsRegistered] = useState(false);
  const form = useSchemaForm({
    schema: registerFormSchema,
    // Checked when a field is left, then as it changes: the password's strength before any call.
    mode: 'onTouched',
    check: checkPassword,
    defaultValues: { username: '', discordId: '', password: '' },
  });
  const { errors, isSubmitting } = form;
  const { username, discordId, password } = form.values;

  // The password's verdict counts the name and Discord Name: judge it again when they change, once shown.
  const { revalidate, isTouched } = form;
  useEffect(() => {
    if (isTouched('password')) void revalidate('password');
  }, [username, discordId, revalidate, isTouched]);

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
    <AuthForm onSubmit={onSubmit} message={message}>
      <TextInput
        label="Name"
        placeholder="Your name or business"
        autoComplete="name"
        size="md"
        error={errors.username}
        {...form.register('username')}
      />
      <DiscordNameInput registration={form.register('discordId')} error={errors.discordId} />
      <NewPasswordInput
        label="Password"
        registration={form.register('password')}
        error={errors.password}
        password={password}
        owner={ownerOf({ username, discordId, password })}
      />
      <AuthSubmitButton loading={isSubmitting} disabled={isRegistered} mt="xs">
        Sign Up
      </AuthSubmitButton>
      <CaptchaSlot containerRef={containerRef} />
    </AuthForm>
  );
}
