import { SignupPage } from '../../features/signup/signup-page.tsx';

/** `signup` (spec 2.1, 2.8): self-service sign-up, before anyone is signed in. */
export function SignupRoute() {
  return <SignupPage />;
}
