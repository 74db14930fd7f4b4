import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import { AuthScreen } from '../../../components/auth-screen';
import { SignInForm } from '../components/sign-in-form';

/** `/`, `/login` and any unmatched signed-out path (spec section 2). */
export function SignInPage() {
  return (
    <AuthScreen
      documentTitle="Sign in"
      title="Welcome back"
      subtitle="Sign in with your Discord name to buy and print labels."
      footer={{ question: 'New to LabelPort?', to: '/register', label: 'Create an account' }}
    >
      <SignInForm />
      <Text ta="right" size="sm" mt="xs">
        <Anchor component={Link} to="/forgot">
          Forgot password?
        </Anchor>
      </Text>
    </AuthScreen>
  );
}
