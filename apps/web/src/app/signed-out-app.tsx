import { Component, type ReactNode } from 'react';
import { ErrorScreen } from '../components/error-screen';
import { SignedOutRoutes } from './routes/signed-out-routes';

/** What the signed-in router's errorElement does for its pages: a page that throws shows the error screen. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A signed-out page failed', error);
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/**
 * The screens before sign-in. They route with wouter (about 2 kB), not React Router (about 30 kB gzipped),
 * so the Sign-In page stays light; React Router comes with the signed-in app (docs/decisions/224).
 */
export function SignedOutApp() {
  return (
    <PageErrorBoundary>
      <SignedOutRoutes />
    </PageErrorBoundary>
  );
}
