/** External pages the app links to (help centre, support chat). */
export const externalLinks = {
  firewallHelp: 'https://help.formwork.app/articles/allow-formwork-through-your-firewall',
  chatWithUs: 'https://help.formwork.app/contact',
  emailUs: 'mailto:support@formwork.app',
  browsers: 'https://help.formwork.app/articles/supported-browsers',
  privacyPolicy: 'https://help.formwork.app/articles/privacy-policy-and-terms-of-service',
};

/** Spec 2.8 step 6: the sign-up's terms links; people in the EU get the UK variant. */
export const signupLinks = {
  standard: {
    privacy: 'https://help.formwork.app/articles/privacy-policy',
    terms: 'https://help.formwork.app/articles/terms-of-service',
  },
  uk: {
    privacy: 'https://help.formwork.app/articles/privacy-policy-uk',
    terms: 'https://help.formwork.app/articles/terms-of-service-uk',
  },
};

/** Hosts the firewall must allow (shown in the firewall modal). */
export function domainsToAllow(): string[] {
  return [window.location.host];
}
