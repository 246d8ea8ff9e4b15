import type { KeyboardEvent } from 'react';

/** Spec 5.6: spinner inputs refuse these keys (no exponent, sign or decimal point). */
export const blockedSpinnerKeys = ['e', 'E', '-', '+', '.'] as const;

export function refuseSpinnerKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if ((blockedSpinnerKeys as readonly string[]).includes(event.key)) event.preventDefault();
}

/** Spec 5.6: whatever reaches the input becomes a non-negative whole number (pasted text too). */
export function wholeNonNegative(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
}
