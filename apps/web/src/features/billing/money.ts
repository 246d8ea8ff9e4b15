/** An amount in a currency's minor unit (cents), as the checkout and the payments list show it. */
export function money(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
