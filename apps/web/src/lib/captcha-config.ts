import { captchaConfig, type CaptchaConfig } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/** GET /auth/captcha-config: which bot-check the auth screens run, and its public site key. */
export const getCaptchaConfig = async (): Promise<CaptchaConfig> =>
  captchaConfig.parse(await api.get('/auth/captcha-config'));

export const captchaConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'captcha-config'], queryFn: getCaptchaConfig, staleTime: Infinity });

export const useCaptchaConfig = () => useQuery(captchaConfigQueryOptions());
