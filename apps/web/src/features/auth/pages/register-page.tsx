import { AuthScreen } from '../../../components/auth-screen';
import { RegisterForm } from '../components/register-form';

/** `/register` (spec section 2). */
export function RegisterPage() {
  return (
    <AuthScreen
      documentTitle="Register"
      title="Create your account"
      subtitle="Top up once, then buy USPS, UPS and FedEx labels in seconds."
      footer={{ question: 'Already have an account?', to: '/', label: 'Login' }}
    >
      <RegisterForm />
    </AuthScreen>
  );
}
