/** A team folder the Template Library can deploy to (from the company folder tree, composed in app/). */
export type TeamOption = { folderId: string; name: string; projectId: string; projectName: string };
