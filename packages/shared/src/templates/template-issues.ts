import { footerTextLimit, headerTextLimit } from '../fields/header-footer.ts';
import { imageSizeMessage, imageTypeMessage, logoSizeMessage } from '../fields/image-rules.ts';
import { xsWidthMessage } from '../fields/table-fields.ts';
import { planLimitMessages } from '../limits.ts';
import { templateTextLimit } from './template-definition.ts';

/**
 * The messages of template validation, by code. The spec's words where it has them (5.1, 8.2);
 * where it names a rule without wording, ours in the same voice.
 */
export const templateIssueMessages = {
  /** The shape is wrong (a schema error); the message is the schema's own. */
  invalid: 'Invalid value',
  nameRequired: 'Template name is required',
  nameSlash: 'Template name cannot contain slashes',
  nameTooLong: `Template name must be ${templateTextLimit} characters or fewer`,
  templateCodeRequired: 'Template ID is required',
  templateCodeSlash: 'Template ID cannot contain slashes',
  templateCodeTooLong: `Template ID must be ${templateTextLimit} characters or fewer`,
  formNameRequired: 'Form name is required',
  formNameSlash: 'Form name cannot contain slashes',
  formNameTooLong: `Form name must be ${templateTextLimit} characters or fewer`,
  typeRequired: 'Template type is required',
  noFields: 'A template needs at least one field',
  duplicateFieldId: 'Each field needs its own id',
  pageBreakFirst: 'A page break cannot be the first field',
  pageBreakLast: 'A page break cannot be the last field',
  pageBreakAdjacent: 'A page break cannot be next to another page break',
  pageBreakInLogic: 'A page break cannot be inside a logic block',
  approvalSignatureInLogic: 'Approval signatures cannot be inside logic blocks',
  nestedLogic: 'Logic cannot be nested',
  logicUnknownField: 'This logic refers to a field that does not exist',
  logicTriggerType: 'This field type cannot trigger logic',
  logicFieldInTwoBlocks: 'A field can be in one logic block only',
  logicOwnTrigger: 'A logic block cannot hold its own trigger field',
  logicFieldBeforeTrigger: 'Fields of a logic block must come after its trigger field',
  logicValue: 'Choose an answer the trigger field can give',
  duplicateRule: planLimitMessages.duplicateRule,
  duplicateActions: planLimitMessages.duplicateActions,
  ruleLimit: planLimitMessages.ruleLimit,
  duplicatePersonName: 'Person field names must be unique',
  registerOrderField: 'Choose a field the register can sort by',
  headerTextTooLong: `Header text must be ${headerTextLimit} characters or fewer`,
  footerTextTooLong: `Footer text must be ${footerTextLimit} characters or fewer`,
  imageType: imageTypeMessage,
  imageSize: imageSizeMessage,
  logoSize: logoSizeMessage,
  xsWidth: xsWidthMessage,
  duplicateColumnId: 'Each table column needs its own id',
  prefilledTableNoRows: 'Prefilled tables need at least one row',
  locationLimit: planLimitMessages.locationFields,
  listPropertyLimit: planLimitMessages.listPropertyFields,
  fieldLimit: planLimitMessages.fieldsPerTemplate,
  pdfFilenameCustomFields: planLimitMessages.pdfFilenameCustomFields,
  pdfFilenameUnknownField: 'The PDF filename refers to a field that does not exist',
  formulaSyntax: 'This formula cannot be read',
  formulaUnknownField: 'This formula refers to a field that does not exist',
  formulaNotNumber: 'This formula uses a field that is not a number where a number is needed',
  formulaList:
    'A table column or multiple choice field can only be used inside SUM, AVERAGE, MIN, MAX, AND, OR or CONCAT',
  formulaCycle: 'A formula cannot use itself, directly or through other formulas',
  workflowColumnsRequired: 'A Workflow template needs at least two columns',
  workflowColumnsNotAllowed: 'Only Workflow templates have columns',
  workflowColumnDuplicate: 'Workflow column names must be unique',
  approvalSignatureColumn: 'An approval signature must move the form into a column after the first',
  approvalSignaturesPerColumn: 'Each workflow column after the first needs exactly one approval signature',
} as const;
export type TemplateIssueCode = keyof typeof templateIssueMessages;

/**
 * One problem with a template: `path` is the dotted location in the template body (e.g.
 * `definition.fields.3.columns.1.width`), `fieldId` the field it is about, if any, and `detail`
 * what exactly is wrong where the message alone does not say (a formula's reference or parse error).
 */
export type TemplateIssue = {
  path: string;
  message: string;
  code: TemplateIssueCode;
  fieldId?: string;
  detail?: string;
};

export function issue(code: TemplateIssueCode, path: string, fieldId?: string): TemplateIssue {
  return { path, message: templateIssueMessages[code], code, ...(fieldId ? { fieldId } : {}) };
}

export function fieldPath(index: number, ...rest: (string | number)[]): string {
  return ['definition', 'fields', index, ...rest].join('.');
}
