import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { HumanCheckConfig } from '../../config.ts';
import type { AppDb } from '../../db/client.ts';
import { loadSecret } from '../../idp/keys.ts';

/**
 * Issue 17.1, spec 2.8 step 7: the sign-up's check that a person, not a script, is signing up.
 * `verify` answers the id of the solved challenge (so one solution finishes one sign-up: the caller
 * stores it under a unique key in the sign-up's transaction), or undefined when the answer is
 * missing, wrong, forged or expired.
 */
export interface HumanCheck {
  readonly kind: 'altcha' | 'recaptcha';
  /** reCAPTCHA's site key for the page; null for ALTCHA. */
  readonly siteKey: string | null;
  /** ALTCHA: a new signed challenge for the widget. reCAPTCHA: none (the page asks Google). */
  challenge(): Promise<Challenge | null>;
  verify(answer: string, ip: string): Promise<{ id: string } | undefined>;
}

const algorithm = 'PBKDF2/SHA-256';
/** PBKDF2 rounds per try: with the counter below, a second or two of a browser's work. */
const cost = 100;
const challengeTtlMs = 10 * 60 * 1000;

/** The name of the generated ALTCHA secret among the server's kept secrets (used without ALTCHA_HMAC_SECRET). */
export const altchaSecretName = 'altcha-hmac';

/**
 * The default: a self-hosted proof of work (ALTCHA, `altcha-lib`). The challenge is signed with
 * the server's secret and expires in 10 minutes; nothing leaves this machine.
 */
export function altchaCheck(config: { hmacSecret: string; maxCounter: number }): HumanCheck {
  const hmacSignatureSecret = config.hmacSecret;
  const hmacKeySignatureSecret = `${hmacSignatureSecret}:key`;
  return {
    kind: 'altcha',
    siteKey: null,
    challenge: () =>
      createChallenge({
        algorithm,
        cost,
        counter: randomInt(config.maxCounter, Math.max(1, Math.floor(config.maxCounter / 2))),
        deriveKey,
        expiresAt: new Date(Date.now() + challengeTtlMs),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(answer) {
      let payload: { challenge?: Challenge; solution?: Solution };
      try {
        payload = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
      } catch {
        return undefined;
      }
      const { challenge, solution } = payload;
      if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || !solution) return undefined;
      if (challenge.parameters.algorithm !== algorithm) return undefined;
      try {
        const result = await verifySolution({
          challenge,
          solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        return result.verified ? { id: `altcha:${challenge.parameters.nonce}` } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * reCAPTCHA v3 by configuration (HUMAN_CHECK=recaptcha): the page's token is checked with Google's
 * siteverify; a score under the configured minimum, or another action, fails.
 */
export function recaptchaCheck(
  config: Extract<HumanCheckConfig, { kind: 'recaptcha' }>,
  fetchImpl: typeof fetch = fetch,
): HumanCheck {
  return {
    kind: 'recaptcha',
    siteKey: config.siteKey,
    challenge: async () => null,
    async verify(answer, ip) {
      try {
        const response = await fetchImpl('https://www.google.com/recaptcha/api/siteverify', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: config.secretKey, response: answer, remoteip: ip }),
          signal: AbortSignal.timeout(10_000),
        });
        const result = (await response.json()) as { success?: boolean; score?: number; action?: string };
        if (!result.success || (result.score ?? 0) < config.minScore || result.action !== 'signup') return undefined;
        return { id: `recaptcha:${answer.slice(-64)}` };
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The configured check. ALTCHA without ALTCHA_HMAC_SECRET signs with a secret generated once and
 * kept in the database (like the provider's cookie keys), so a restart or another process still
 * accepts the challenges already handed out.
 */
export async function humanCheckFor(config: HumanCheckConfig, db: AppDb): Promise<HumanCheck> {
  if (config.kind === 'recaptcha') return recaptchaCheck(config);
  return altchaCheck({
    hmacSecret: config.hmacSecret ?? (await loadSecret(db, altchaSecretName)),
    maxCounter: config.maxCounter,
  });
}
