import { twoFactorEnableResponse, twoFactorSetupResponse } from '@portal/shared';
import { api } from '../lib/api-client';

// Enrolment, shared by the staff console (where staff must enrol) and Account Settings (resellers may).

/** POST /account/2fa/setup: a new secret and the otpauth:// URL its QR code encodes. */
export const setupTwoFactor = async () => twoFactorSetupResponse.parse(await api.post('/account/2fa/setup'));

/** POST /account/2fa/enable: turns it on with a first code; the recovery codes come back this once. */
export const enableTwoFactor = async (code: string) =>
  twoFactorEnableResponse.parse(await api.post('/account/2fa/enable', { code }));
