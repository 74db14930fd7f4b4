import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { ForgotPasswordPage } from '../../features/account-recovery/pages/forgot-password-page';
import { ResetPasswordPage } from '../../features/account-recovery/pages/reset-password-page';
import { VerifyEmailPage } from '../../features/account-recovery/pages/verify-email-page';
import { RegisterPage } from '../../features/auth/pages/register-page';
import { SignInPage } from '../../features/auth/pages/sign-in-page';
import { SignedOutLayout } from '../layouts/signed-out-layout';

/**
 * Signed out: `/`, `/login` and anything unmatched show Sign-In; `/register` shows Register; `/forgot`,
 * `/reset` and `/verify` recover an account with a mailed OTP.
 */
export const signedOutRoutes: RouteObject[] = [
  {
    element: <SignedOutLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <SignInPage /> },
      { path: 'login', element: <SignInPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: 'forgot', element: <ForgotPasswordPage /> },
      { path: 'reset', element: <ResetPasswordPage /> },
      { path: 'verify', element: <VerifyEmailPage /> },
      { path: '*', element: <SignInPage /> },
    ],
  },
];
