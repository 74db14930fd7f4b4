import type { SessionUser } from '@portal/shared';

/** The signed-in demo reseller as GET /auth/access answers, with $1000 unless told otherwise. */
export const sessionUserFixture = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  _id: '6f1c2d4e-0000-4000-8000-000000000001',
  username: 'Demo Reseller',
  discordId: 'demo',
  email: null,
  emailVerified: false,
  balance: 1000,
  api_key: 'lp_test_key',
  role: 'user',
  twoFactorEnabled: false,
  ...overrides,
});
