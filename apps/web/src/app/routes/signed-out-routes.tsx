import { Route, Switch } from 'wouter';
import { ForgotPasswordPage } from '../../features/account-recovery/pages/forgot-password-page';
import { ResetPasswordPage } from '../../features/account-recovery/pages/reset-password-page';
import { VerifyEmailPage } from '../../features/account-recovery/pages/verify-email-page';
import { RegisterPage } from '../../features/auth/pages/register-page';
import { SignInPage } from '../../features/auth/pages/sign-in-page';
import { SignedOutLayout } from '../layouts/signed-out-layout';

/**
 * Signed out: `/`, `/login` and anything unmatched show Sign-In; `/register` shows Register; `/forgot`,
 * `/reset` and `/verify` recover an account with a mailed OTP. Paths match in any letter case and with a
 * trailing slash, as the signed-in routes do.
 */
export function SignedOutRoutes() {
  return (
    <SignedOutLayout>
      <Switch>
        <Route path="/register" component={RegisterPage} />
        <Route path="/forgot" component={ForgotPasswordPage} />
        <Route path="/reset" component={ResetPasswordPage} />
        <Route path="/verify" component={VerifyEmailPage} />
        <Route component={SignInPage} />
      </Switch>
    </SignedOutLayout>
  );
}
