/** External pages the app links to (help centre, support chat). */
export const externalLinks = {
  firewallHelp: 'https://help.formwork.app/articles/allow-formwork-through-your-firewall',
  chatWithUs: 'https://help.formwork.app/contact',
  emailUs: 'mailto:support@formwork.app',
  browsers: 'https://help.formwork.app/articles/supported-browsers',
  privacyPolicy: 'https://help.formwork.app/articles/privacy-policy-and-terms-of-service',
  /** The mobile app's download page (it sends each phone to its app store). */
  mobileApp: 'https://help.formwork.app/articles/get-the-formwork-app',
};

/** Hosts the firewall must allow (shown in the firewall modal). */
export function domainsToAllow(): string[] {
  return [window.location.host];
}
