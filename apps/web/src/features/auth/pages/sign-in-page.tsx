import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import { AuthHeading } from '../components/auth-heading';
import { SignInForm } from '../components/sign-in-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/`, `/login` and any unmatched signed-out path (spec section 2). */
export function SignInPage() {
  useDocumentTitle('Sign in');
  return (
    <>
      <AuthHeading title="Welcome back" subtitle="Sign in with your Discord name to buy and print labels." />
      <SignInForm />
      <Text ta="right" size="sm" mt="xs">
        <Anchor component={Link} to="/forgot">
          Forgot password?
        </Anchor>
      </Text>
      <Text ta="center" size="sm" mt="xl" c="dimmed">
        New to LabelPort?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Create an account
        </Anchor>
      </Text>
    </>
  );
}
