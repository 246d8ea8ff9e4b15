import type { Field, FieldOf } from '@formwork/shared/fields/field';
import { Select } from '@mantine/core';
import { problemMessage } from '../../../../lib/problem-message.ts';
import { useTranslation } from '../../../../lib/translate.tsx';
import { useTemplateLists } from '../../api/template-lists.ts';
import type { TemplateFolder } from '../../api/templates.ts';

/**
 * The list of a list field, or of a table's list column (issue 18.5): one of the lists the
 * template's folder may read (the Template Library: the List Library's active lists; a team: the
 * library lists deployed to its project and the project's own lists). A column's picker is small
 * and named by `ariaLabel`.
 */
export function ListFieldListPicker({
  folder,
  listId,
  onChange,
  ariaLabel,
}: {
  folder: TemplateFolder;
  listId: string | null | undefined;
  onChange: (listId: string | null) => void;
  ariaLabel?: string;
}) {
  const { t } = useTranslation();
  const lists = useTemplateLists(folder);
  const data = (lists.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  // A list no longer offered (archived, deleted or undeployed) stays shown as such until another is picked.
  if (listId && lists.data && !data.some((d) => d.value === listId))
    data.push({ value: listId, label: t('editor.field.listUnavailable') });
  return (
    <Select
      {...(ariaLabel ? { 'aria-label': ariaLabel, size: 'xs', w: 200 } : { label: t('editor.field.list') })}
      placeholder={lists.isPending ? t('app.loading') : t('editor.field.listPick')}
      data={data}
      value={listId ?? null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('editor.field.listsNone')}
      error={lists.error ? problemMessage(lists.error, t) : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A list-property field: its list field, then one property of that field's list (issue 18.5). */
export function ListPropertyPickers({
  folder,
  field,
  fields,
  onChange,
}: {
  folder: TemplateFolder;
  field: FieldOf<'listProperty'>;
  fields: readonly Field[];
  onChange: (patch: { sourceFieldId?: string | null; property?: string }) => void;
}) {
  const { t } = useTranslation();
  const listFields = fields.filter((f): f is FieldOf<'list'> => f.type === 'list');
  const source = listFields.find((f) => f.id === field.sourceFieldId);
  const lists = useTemplateLists(folder);
  const list = source?.listId ? lists.data?.find((l) => l.id === source.listId) : undefined;
  const data = (list?.properties ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (field.property && lists.data && !data.some((d) => d.value === field.property))
    data.push({ value: field.property, label: t('editor.field.propertyUnavailable') });
  return (
    <>
      <Select
        label={t('editor.field.sourceField')}
        data={listFields.map((f) => ({ value: f.id, label: f.label || f.id }))}
        value={field.sourceFieldId}
        onChange={(v) => onChange({ sourceFieldId: v, property: '' })}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('editor.field.property')}
        placeholder={source?.listId ? t('editor.field.propertyPick') : t('editor.field.propertyNeedsList')}
        disabled={!source?.listId}
        data={data}
        value={field.property || null}
        onChange={(v) => onChange({ property: v ?? '' })}
        error={lists.error ? problemMessage(lists.error, t) : undefined}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
