import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { RegisterPage } from '../../features/auth/pages/register-page';
import { SignInPage } from '../../features/auth/pages/sign-in-page';
import { SignedOutLayout } from '../layouts/signed-out-layout';

// Account recovery is rare: its pages load when opened, so the sign-in page stays light.
const ForgotPasswordPage = lazy(() =>
  import('../../features/account-recovery/pages/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../../features/account-recovery/pages/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const VerifyEmailPage = lazy(() =>
  import('../../features/account-recovery/pages/verify-email-page').then((m) => ({
    default: m.VerifyEmailPage,
  })),
);

/**
 * Signed out: `/`, `/login` and anything unmatched show Sign-In; `/register` shows Register; `/forgot`,
 * `/reset` and `/verify` recover an account with a mailed OTP. Paths match in any letter case and with a
 * trailing slash, as the signed-in routes do.
 */
export function SignedOutRoutes() {
  return (
    <SignedOutLayout>
      <Suspense fallback={null}>
        <Switch>
          <Route path="/register" component={RegisterPage} />
          <Route path="/forgot" component={ForgotPasswordPage} />
          <Route path="/reset" component={ResetPasswordPage} />
          <Route path="/verify" component={VerifyEmailPage} />
          <Route component={SignInPage} />
        </Switch>
      </Suspense>
    </SignedOutLayout>
  );
}
