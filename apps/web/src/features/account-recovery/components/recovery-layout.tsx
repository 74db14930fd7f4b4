import type { ReactNode } from 'react';
import { AuthScreen } from '../../../components/auth-screen';

type RecoveryLayoutProps = { title: string; text: string; children: ReactNode };

const TO_SIGN_IN = { question: 'Already have an account?', to: '/login', label: 'Login' };

/** Title, the spec's line of text, the form, and the footer every recovery screen shares (spec section 2). */
export function RecoveryLayout({ title, text, children }: RecoveryLayoutProps) {
  return (
    <AuthScreen title={title} subtitle={text} footer={TO_SIGN_IN}>
      {children}
    </AuthScreen>
  );
}
