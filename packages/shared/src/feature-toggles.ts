import { z } from 'zod';

/**
 * Feature toggles: per-workspace switches stored with the workspace (0022_profile.sql) and sent
 * to the web app with it. Every toggle is off unless the workspace turned it on.
 */
export const featureToggleNames = [
  /** Spec 6: a default signature is made from the user's full name. */
  'enableDefaultSignatureUser',
] as const;
export type FeatureToggleName = (typeof featureToggleNames)[number];

export const featureTogglesSchema = z.object(
  Object.fromEntries(featureToggleNames.map((name) => [name, z.boolean()])) as Record<FeatureToggleName, z.ZodBoolean>,
);
export type FeatureToggles = z.infer<typeof featureTogglesSchema>;

/** The toggles as stored (a JSON object of names to true/false), unknown names dropped, missing ones off. */
export function readFeatureToggles(stored: unknown): FeatureToggles {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(featureToggleNames.map((name) => [name, source[name] === true])) as FeatureToggles;
}
