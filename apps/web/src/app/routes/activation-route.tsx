import { useParams } from 'react-router';
import { ActivationPage } from '../../features/people/components/activation-page.tsx';
import { PhoneWelcome } from '../../features/people/components/phone-welcome.tsx';

/** users/activation/{id} and users/activation/{id}/company/{companyId} (spec 2.1, 2.7). */
export function ActivationRoute() {
  const { activationId = '', companyId } = useParams();
  return <ActivationPage key={activationId} activationId={activationId} companyId={companyId} />;
}

/** The phone welcome page after activating on a phone (spec 2.7, 4.5). */
export function PhoneWelcomeRoute() {
  return <PhoneWelcome />;
}
