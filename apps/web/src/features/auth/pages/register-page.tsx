import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import { AuthHeading } from '../components/auth-heading';
import { RegisterForm } from '../components/register-form';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** `/register` (spec section 2). */
export function RegisterPage() {
  useDocumentTitle('Register');
  return (
    <>
      <AuthHeading
        title="Create your account"
        subtitle="Top up once, then buy USPS, UPS and FedEx labels in seconds."
      />
      <RegisterForm />
      <Text ta="center" size="sm" mt="xl" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/" fw={600}>
          Login
        </Anchor>
      </Text>
    </>
  );
}
