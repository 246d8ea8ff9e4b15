import type { ListItemSnapshot } from '@formwork/shared/forms/field-values';
import { createContext, useContext } from 'react';

export type UploadPurpose = 'photo' | 'signature' | 'sketch';
export type UploadedFile = { fileId: string; url: string };
export type PersonOption = { userId: string; name: string };
export type RelatedFormOption = { formId: string; title: string };
/**
 * Which field's list a typeahead asks for (issue 18.5): the team, the template version the form is
 * filled on and the field (and, for a table's list column, the column); the server reads which
 * list that field names.
 */
export type ListFieldRef = {
  teamId: string;
  templateId: string;
  version: number;
  fieldId: string;
  /** A list column of the table field `fieldId`: the list that column names. */
  columnId?: string;
};

/** The items a list field offers for a search, a page at a time (issue 18.5). */
export type ListItemsResult = {
  items: ListItemSnapshot[];
  /** Matches, counted up to a cap (`capped`: there are more). */
  total: number;
  capped: boolean;
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
};

/**
 * What the field components need from the page around them: where files go and come from, who
 * can be picked in person fields, which forms a relationship can link. The form page provides it;
 * tests provide fakes. `blocked` is the preview (spec 5.1: no uploads, photos, sketches, actions).
 */
export type FormFieldEnv = {
  blocked: boolean;
  upload: (purpose: UploadPurpose, file: Blob, options?: { keepLocation?: boolean }) => Promise<UploadedFile>;
  /** The address of an uploaded file (download it with the bearer token). */
  fileUrl: (fileId: string) => string;
  loadFile: (url: string) => Promise<Blob>;
  people: PersonOption[];
  /** The signed-in user's name: the default signer of signatures. */
  signerName: string;
  /**
   * The signed-in user's own signature as a PNG (issue 16.4: drawn or uploaded in Edit Profile, or
   * the default made from the name when the workspace's toggle is on), or null when they have none.
   * Absent where it cannot be used (previews, tests).
   */
  mySignature?: () => Promise<Blob | null>;
  /** The team the form is filled in. */
  teamId: string;
  /** A hook: the forms of that template in the team (relationship fields); null asks for none. */
  useRelatedForms: (teamId: string, templateId: string | null) => { options: RelatedFormOption[]; loading: boolean };
  /**
   * A hook: the items of a list field's list (as the team's project has it) whose label contains
   * `search`; asks nothing while `enabled` is false. Absent in previews: list fields offer nothing.
   */
  useListItems?: (field: ListFieldRef, search: string, enabled: boolean) => ListItemsResult;
  /** The template version the form is filled on (list fields name it to ask for their items). */
  template?: { templateId: string; version: number };
  /** The template's facts shown by metadata cells. */
  meta: { templateCode?: string; templateVersion?: number; filePath?: string; formVersion?: number };
};

const blockedUpload = async (): Promise<UploadedFile> => {
  throw new Error('Uploads are blocked here');
};

export const previewEnv: FormFieldEnv = {
  blocked: true,
  upload: blockedUpload,
  fileUrl: () => '',
  loadFile: async () => new Blob(),
  people: [],
  signerName: '',
  teamId: '',
  useRelatedForms: () => ({ options: [], loading: false }),
  meta: {},
};

const FormFieldEnvContext = createContext<FormFieldEnv>(previewEnv);
export const FormFieldEnvProvider = FormFieldEnvContext.Provider;

export function useFormFieldEnv() {
  return useContext(FormFieldEnvContext);
}
