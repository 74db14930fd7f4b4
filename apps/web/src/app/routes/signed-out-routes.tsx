import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../../components/error-screen';
import { RegisterPage } from '../../features/auth/pages/register-page';
import { SignInPage } from '../../features/auth/pages/sign-in-page';
import { SignedOutLayout } from '../layouts/signed-out-layout';

/** Signed out: `/`, `/login` and anything unmatched show Sign-In; `/register` shows Register. */
export const signedOutRoutes: RouteObject[] = [
  {
    element: <SignedOutLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <SignInPage /> },
      { path: 'login', element: <SignInPage /> },
      { path: 'register', element: <RegisterPage /> },
      { path: '*', element: <SignInPage /> },
    ],
  },
];
