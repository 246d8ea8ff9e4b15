/**
 * Typed permission verbs and the rules of spec section 6. The server checks them on every route
 * (authz/can.ts) and the web app uses the same functions to show, hide or disable.
 */
export const permissions = [] as const;
export type Permission = (typeof permissions)[number];
