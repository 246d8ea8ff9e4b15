/**
 * The one table of problem codes. The server answers `application/problem+json` with `code`
 * from this table; the web app's problemMessage() shows the `detail` of the occurrence when the
 * server gives one, else the code translated (`problems.<code>` in the locales, whose en-US text
 * is the title here). Messages are the spec's en-US wording where the spec names one.
 */
export const errorCodes = {
  validationFailed: { status: 400, title: 'The request has invalid or incomplete data' },
  malformedRequest: { status: 400, title: 'The request could not be read' },
  unauthenticated: { status: 401, title: 'Please sign in again' },
  forbidden: { status: 403, title: "You don't have permission to do that" },
  notFound: { status: 404, title: 'Not found' },
  routeNotFound: { status: 404, title: 'There is nothing at this address' },
  folderNotFound: { status: 404, title: "We couldn't find this folder so we've redirected you to another folder." },
  projectNotFound: { status: 404, title: 'Project or folder not found' },
  teamNotFound: { status: 404, title: 'Project or team not found' },
  /** Forms (spec 8.2). */
  formUnavailable: { status: 404, title: 'Form unavailable.' },
  formAccessDenied: { status: 403, title: "You don't have access to this form" },
  formInvalid: { status: 400, title: 'The form has invalid or incomplete data. Please check' },
  formTemplateUnavailable: { status: 404, title: "This template isn't available in this team" },
  formReadOnly: { status: 409, title: 'This form is archived or in an archived folder, so it cannot be changed' },
  workflowMissingRequired: { status: 400, title: 'Cannot close completed workflow forms with missing required fields' },
  workflowNotApplicable: { status: 409, title: 'This form cannot move to that workflow column' },
  exportNotFound: { status: 404, title: "We couldn't find this export" },
  exportNotReady: { status: 409, title: 'The export is not ready to download yet' },
  exportExpired: { status: 410, title: 'This download has expired. Please ask for it again' },
  emptySelection: { status: 400, title: 'Empty selection' },
  /** Actions (spec 8.2: actionNotFound on 404 for an action). */
  actionNotFound: { status: 404, title: "We couldn't find this action" },
  actionInvalid: { status: 400, title: 'The action has invalid or incomplete data' },
  actionState: { status: 409, title: 'This action cannot do that in its current state' },
  folderPermissionsCannotRestoreProject: {
    status: 409,
    title: 'A team folder cannot be restored while its project folder is archived. Restore the project folder first.',
  },
  /** Invitations and activation (spec 8.2; issue 16). */
  activationIdInvalid: { status: 404, title: 'Invalid activation code' },
  activationIdRevoked: { status: 403, title: 'Your invitation is no longer valid' },
  invitationNotFound: { status: 404, title: "We couldn't find this invitation" },
  personNotFound: { status: 404, title: "We couldn't find this person in this workspace" },
  /** E-mail change (issue 16.4): the link sent to the new address. */
  emailChangeLinkInvalid: { status: 404, title: 'Invalid token' },
  emailChangeLinkExpired: {
    status: 400,
    title: 'This link has expired or was already used. Please change your e-mail again from Edit Profile.',
  },
  /** Sign-up (issue 17.1): a finished sign-up is not finished again; an unknown one starts over. */
  signupCompleted: {
    status: 409,
    title: 'This sign-up is already complete. Sign in with your e-mail address and password.',
  },
  signupNotFound: { status: 404, title: "We couldn't find this sign-up. Please start again." },
  emailInUse: { status: 409, title: 'This e-mail address is already used by another account.' },
  /** Spec 4.5: a single sign-on address sets no password; it activates or signs up at its company's sign-in. */
  ssoPasswordRefused: {
    status: 409,
    title:
      'Your organisation signs in with single sign-on, so no password is set here. Continue with your company sign-in.',
  },
  /** Verified domains (issue 23.2). */
  domainNotFound: { status: 404, title: "We couldn't find this domain in this workspace" },
  domainTaken: { status: 409, title: 'This domain is already verified by another workspace.' },
  domainNotProven: {
    status: 400,
    title: "We couldn't find the TXT record at this domain yet. DNS changes can take a while; try again later.",
  },
  domainLinkInvalid: { status: 404, title: 'This verification link is invalid or has expired.' },
  methodNotAllowed: { status: 405, title: 'Method not allowed' },
  conflict: { status: 409, title: 'This conflicts with existing data' },
  duplicate: { status: 409, title: 'This already exists' },
  referenceMissing: { status: 409, title: 'A record this depends on does not exist' },
  staleVersion: { status: 409, title: 'Someone else changed this. Reload to see the latest version' },
  payloadTooLarge: { status: 413, title: 'The request is too large' },
  uriTooLong: { status: 414, title: 'The address is too long' },
  unsupportedMediaType: { status: 415, title: 'This content type is not supported' },
  tooManyRequests: { status: 429, title: 'Too many attempts. Please wait and try again' },
  templateNotFound: { status: 404, title: "We couldn't find this template" },
  tabNotFound: { status: 404, title: "We couldn't find this tab" },
  /** Analytics (issue 20). */
  dashboardNotFound: { status: 404, title: "We couldn't find this dashboard" },
  chartNotFound: { status: 404, title: "We couldn't find this chart" },
  /** Lists (issue 18). */
  listNotFound: { status: 404, title: "We couldn't find this list" },
  listItemNotFound: { status: 404, title: "We couldn't find this list item" },
  listPropertyNotFound: { status: 404, title: "We couldn't find this list property" },
  listPropertyNameUsed: { status: 409, title: 'A property with this name already exists in this list' },
  /** Spec 5.2: properties per list come from the plan's limits. */
  listPropertyLimit: { status: 409, title: 'You have exceeded the list property limit for your plan type.' },
  /** Spec 8.2: a list CSV with errors (each row's error is listed). */
  listCsvInvalid: { status: 400, title: 'CSV file has formatting errors.' },
  /** Issue 18.4: only active List Library lists are deployed to projects. */
  listNotDeployable: { status: 409, title: 'Only active List Library lists can be deployed' },
  /** Issue 18.4: a project's deployed copy is shaped in the List Library; the project edits its items. */
  listDeployedCopy: { status: 409, title: 'This list is deployed from the List Library; change it there' },
  /** Submission links (issue 21). */
  linkNotFound: { status: 404, title: "We couldn't find this link" },
  /** An expired, used or full link: its page says which (the occurrence's detail). */
  linkClosed: { status: 410, title: 'This link no longer takes submissions' },
  /** Webhooks (issue 24.1): a hook or delivery not of this folder. */
  webhookNotFound: { status: 404, title: "We couldn't find this webhook" },
  webhookDeliveryNotFound: { status: 404, title: "We couldn't find this delivery" },
  /** A disabled hook sends nothing: it is enabled again before a redelivery or a test. */
  webhookDisabled: { status: 409, title: 'This webhook is disabled. Enable it first.' },
  /** Form macros (issue 24.3, spec 8.2). */
  macroFailed: { status: 502, title: 'Something went wrong while running the macro. Please try again.' },
  templateCodeUsed: { status: 409, title: 'Template ID has been used' },
  tabNameUsed: { status: 409, title: 'A tab with this name already exists. Tab names must be unique' },
  /** Spec 8.2: archiving templates without a folder. */
  appArchivedError: { status: 400, title: 'Choose the folder the templates are archived from' },
  templateNotDeployable: { status: 409, title: 'Only active Template Library templates can be deployed' },
  /** Checkout (spec 4.4, 6, 7; issue 17.4). */
  checkoutNotOffered: {
    status: 403,
    title:
      'Self-service checkout is only for self-service accounts on the free trial. Chat with us or e-mail us to change your plan.',
  },
  checkoutNotFound: { status: 404, title: "We couldn't find this checkout" },
  checkoutClosed: { status: 409, title: 'This checkout has already been paid or cancelled' },
  paymentNotificationInvalid: { status: 400, title: 'The payment notification could not be verified' },
  /** Personal API tokens (issue 24.2). */
  apiTokenNotFound: { status: 404, title: "We couldn't find this API token" },
  apiTokenReadOnly: { status: 403, title: 'This API token can only read; it cannot make changes' },
  apiTokenNotAccepted: { status: 403, title: 'API tokens are managed when signed in, not with an API token' },
  apiTokenLimit: { status: 409, title: 'You have reached the limit of 50 API tokens. Revoke one to make another' },
  internal: { status: 500, title: "We're having troubles, please contact the support team" },
  unavailable: { status: 503, title: 'The service is restarting. Please try again shortly' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCodes;

/**
 * Problems the web app carries to the provider's sign-in page (the `notice` authorization
 * parameter), so an anonymous visitor sent there still reads why: a revoked or unknown activation link.
 */
export const signInNotices = ['activationIdRevoked', 'activationIdInvalid'] as const satisfies readonly ErrorCode[];
export type SignInNotice = (typeof signInNotices)[number];
export const signInNoticeParam = 'notice';
/**
 * The authorization parameter carrying the ticket of an activation or sign-up with single sign-on
 * (issues 16.3, 17.1): the provider sends the person to their company's sign-in with it.
 */
export const ssoTicketParam = 'sso_ticket';

/** One entry per offending field: `path` is the dotted location in the request. */
export type FieldError = { path: string; message: string; code?: string };

/** RFC 9457 problem details as Formwork sends them. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  requestId?: string;
  errors: FieldError[];
  /** Extra facts for the client, e.g. `{ ssoEnabled: true }` on a 401 (spec 8.1). */
  meta?: Record<string, unknown>;
};

export const problemContentType = 'application/problem+json';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCodes, value);
}
