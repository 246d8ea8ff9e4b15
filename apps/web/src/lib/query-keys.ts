/**
 * The roots of the app's query keys. Each feature builds its keys under its root in its own key
 * factory (activityKeys, formKeys, templateKeys, ...). A feature that must refresh another's data
 * after a change (every change refreshes the activity feeds; a form change the timeline, which
 * lives under `forms`) invalidates that root from here, as features do not import each other.
 */
export const queryRoots = {
  actions: ['actions'],
  activity: ['activity'],
  folders: ['folders'],
  forms: ['forms'],
  /** The lists feature's keys start `['lists', companyId]`: a list change refreshes the readers of lists. */
  lists: ['lists'],
  me: ['me'],
  people: ['people'],
  security: ['security'],
  settings: ['settings'],
  templates: ['templates'],
  workspaces: ['workspaces'],
} as const;
