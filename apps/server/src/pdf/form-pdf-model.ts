import type { DateDisplay } from '@formwork/shared/forms/date-text';
import type { Locale } from '@formwork/shared/locales';
import type { TemplateDefinition, TemplateType } from '@formwork/shared/templates/template-definition';

/** A stored image ready to place: the JPEG or PNG bytes as stored, and their pixel size. */
export type PdfImage = { data: Buffer; width: number; height: number };

export type PdfAction = {
  fieldId: string | null;
  title: string;
  state: string;
  assigneeName: string | null;
  dueDate: string | null;
};

/**
 * Everything one form's PDF shows, loaded beforehand: the renderer does no I/O, so the same
 * model renders in a request or in a job.
 */
export type FormPdfModel = {
  template: {
    name: string;
    templateCode: string;
    version: number;
    type: TemplateType;
    definition: TemplateDefinition;
  };
  form: {
    number: number;
    title: string;
    version: number;
    state: string;
    values: Record<string, unknown>;
    textCells: Record<string, string>;
    createdAt: string;
    updatedAt: string;
    createdByName: string | null;
    updatedByName: string | null;
    /** Workflow forms: the name of the column the form is in. */
    workflowColumnName: string | null;
  };
  path: { workspace: string; project: string; team: string };
  /** User id -> name (person fields, table person cells). */
  people: ReadonlyMap<string, string>;
  /** File id -> image (photos, signatures, sketches, header/footer images, logo fields). */
  images: ReadonlyMap<string, PdfImage>;
  /** Form id -> title (relationship fields). */
  formTitles: ReadonlyMap<string, string>;
  actions: readonly PdfAction[];
  exportedAt: Date;
  /** The IANA time zone instants are shown in: the workspace's (or one the exporter asked for). */
  timeZone: string;
  /** The exporter's locale (issue 26): the PDF's own words and its dates; what people typed stays as typed. */
  locale: Locale;
  dateDisplay: DateDisplay;
  /** The workspace's PDF logo (Branding, else its logo): a header or footer logo without an image of its own shows it. */
  workspaceLogo: PdfImage | null;
  /** The workspace's wording of the export disclaimer (Documents & Formatting). */
  exportDisclaimer: string;
  /** The workspace's brand colour (Branding, `#rrggbb`): the rule under the title; the house accent without one. */
  brandColour: string | null;
};
