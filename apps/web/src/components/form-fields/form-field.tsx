import type { Field } from '@formwork/shared/fields/field';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translate.tsx';
import { DropdownField, MultipleChoiceField, YesNoField } from './choice-fields.tsx';
import { FormulaField, MetadataField } from './computed-fields.tsx';
import { DateField, DateRangeField, DateTimeField } from './date-fields.tsx';
import { FieldShell } from './field-shell.tsx';
import { ListField } from './list-field.tsx';
import { PhotosField, SketchField } from './media-fields.tsx';
import { LocationField, PersonField, RelationshipField } from './people-fields.tsx';
import { SignatureFieldView } from './signature-fields.tsx';
import { TableFieldView } from './table-fields.tsx';
import { MultiLineTextField, NumberField, PrefilledTextField, SingleLineTextField } from './text-fields.tsx';

export type FormFieldProps = {
  field: Field;
  /** What the user entered (the shape of field-values.ts), undefined when not answered. */
  value: unknown;
  /** The value after formulas ran (formula fields, formula columns of tables). */
  computed?: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** Errors inside the value, by path after the field id. */
  errors?: Record<string, string>;
  formulaError?: string;
  readOnly: boolean;
  /**
   * Why the field cannot be filled here: a workflow approval signature (given by moving the form),
   * or a field a submission link cannot fill (files, people, other forms; issue 21).
   */
  lockedReason?: string;
  /** The actions cell's content (actions live in their own feature, composed by the page). */
  actionsSlot?: ReactNode;
};

/** One field of a form in its editable (or read-only) form: the one place that picks the component. */
export function FormField(props: FormFieldProps) {
  const { t } = useTranslation();
  const { field, computed, formulaError, readOnly, error, errors } = props;
  // The components type their own values; the dispatcher hands them on as given.
  // biome-ignore lint/suspicious/noExplicitAny: values are checked by the shared schemas, not here
  const common: any = { value: props.value, onChange: props.onChange, error, errors, readOnly };
  const signature =
    field.type === 'signature' || field.type === 'manualSignature' || field.type === 'approvalSignature';
  if (props.lockedReason && !signature) {
    return (
      <FieldShell field={field} error={error}>
        <Text size="sm" c="dimmed">
          {props.lockedReason}
        </Text>
      </FieldShell>
    );
  }
  switch (field.type) {
    case 'singleLineText':
      return <SingleLineTextField field={field} {...common} />;
    case 'multiLineText':
      return <MultiLineTextField field={field} {...common} />;
    case 'prefilledText':
      return <PrefilledTextField field={field} />;
    case 'number':
      return <NumberField field={field} {...common} />;
    case 'date':
    case 'expiryDate':
      return <DateField field={field} {...common} />;
    case 'dateTime':
      return <DateTimeField field={field} {...common} />;
    case 'dateRange':
    case 'dateTimeRange':
      return <DateRangeField field={field} {...common} />;
    case 'yesNo':
    case 'yesNoNa':
      return <YesNoField field={field} {...common} />;
    case 'multipleChoice':
      return <MultipleChoiceField field={field} {...common} />;
    case 'dropdown':
      return <DropdownField field={field} {...common} />;
    case 'list':
      return <ListField field={field} {...common} />;
    case 'defaultTable':
    case 'prefilledTable':
    case 'signOnTable':
      return <TableFieldView field={field} {...common} computed={computed} />;
    case 'signature':
    case 'manualSignature':
    case 'approvalSignature':
      return <SignatureFieldView field={field} {...common} lockedReason={props.lockedReason} />;
    case 'photos':
      return <PhotosField field={field} {...common} />;
    case 'sketch':
      return <SketchField field={field} {...common} />;
    case 'person':
    case 'singlePerson':
      return <PersonField field={field} {...common} />;
    case 'relationship':
      return <RelationshipField field={field} {...common} />;
    case 'location':
      return <LocationField field={field} {...common} />;
    case 'formula':
      return <FormulaField field={field} computed={computed} formulaError={formulaError} />;
    case 'actions':
      return (
        <FieldShell field={field}>
          {props.actionsSlot ?? (
            <Text size="sm" c="dimmed">
              {t('formFields.actionsLater')}
            </Text>
          )}
        </FieldShell>
      );
    case 'listProperty':
    case 'logo':
    case 'filePath':
    case 'templateId':
    case 'templateVersion':
    case 'pdfPageNumber':
      return <MetadataField field={field} computed={computed} />;
    case 'pageBreak':
      return null;
  }
}
