import type { SignupConfig } from '@formwork/shared/schemas/signup';
import { Loader, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translate.tsx';

type GetAnswer = () => Promise<string | undefined>;

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, o: { action: string }): Promise<string> };
  }
}

/**
 * The human check of the sign-up's last step (issue 17.1), behind one interface: it hands the page
 * a function that answers the check's token, or undefined while the check is not passed. ALTCHA
 * (the default) is solved in the browser against this server's challenge; reCAPTCHA v3 when the
 * server is configured for it.
 */
export function HumanCheckWidget({
  config,
  onAnswer,
  challengeUrl = '/api/signup/challenge',
}: {
  config: SignupConfig;
  onAnswer: (get: GetAnswer) => void;
  /** Where ALTCHA's challenges come from (the sign-up's, or a submission link's, issue 21). */
  challengeUrl?: string;
}) {
  return config.humanCheck === 'altcha' ? (
    <AltchaWidget onAnswer={onAnswer} challengeUrl={challengeUrl} />
  ) : (
    <RecaptchaV3 siteKey={config.recaptchaSiteKey ?? ''} onAnswer={onAnswer} />
  );
}

function AltchaWidget({ onAnswer, challengeUrl }: { onAnswer: (get: GetAnswer) => void; challengeUrl: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let payload: string | undefined;
    const element = document.createElement('altcha-widget');
    element.setAttribute('challenge', challengeUrl);
    element.setAttribute('name', 'altcha');
    element.setAttribute('type', 'checkbox');
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload = detail.state === 'verified' ? detail.payload : undefined;
    };
    element.addEventListener('statechange', onState);
    void import('./altcha.ts').then(() => {
      if (cancelled) return;
      host.current?.append(element);
      setLoaded(true);
    });
    onAnswer(async () => payload);
    return () => {
      cancelled = true;
      element.removeEventListener('statechange', onState);
      element.remove();
    };
  }, [onAnswer, challengeUrl]);
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <VisuallyHidden component="legend">{t('signup.human.label')}</VisuallyHidden>
      <div ref={host}>{!loaded && <Loader size="sm" />}</div>
    </fieldset>
  );
}

function RecaptchaV3({ siteKey, onAnswer }: { siteKey: string; onAnswer: (get: GetAnswer) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    document.head.append(script);
    onAnswer(
      () =>
        new Promise<string | undefined>((resolve) => {
          const g = window.grecaptcha;
          if (!g) return resolve(undefined);
          g.ready(() => {
            g.execute(siteKey, { action: 'signup' }).then(resolve, () => resolve(undefined));
          });
        }),
    );
    return () => script.remove();
  }, [siteKey, onAnswer]);
  return <p>{t('signup.human.recaptchaNote')}</p>;
}
