/** The person behind a verified access token. */
export type SignedInUser = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isSso: boolean;
  isVisitorOnly: boolean;
};
