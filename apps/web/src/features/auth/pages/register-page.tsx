import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthHeading } from '../components/auth-heading';
import { RegisterForm } from '../components/register-form';

/** `/register` (spec section 2). */
export function RegisterPage() {
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
