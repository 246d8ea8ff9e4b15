/** External pages the app links to (help centre, support chat). */
export const externalLinks = {
  firewallHelp: 'https://help.formwork.app/articles/allow-formwork-through-your-firewall',
  chatWithUs: 'https://help.formwork.app/contact',
  browsers: 'https://help.formwork.app/articles/supported-browsers',
  privacyPolicy: 'https://help.formwork.app/articles/privacy-policy-and-terms-of-service',
};

/** Hosts the firewall must allow (shown in the firewall modal). */
export function domainsToAllow(): string[] {
  return [window.location.host];
}
