import type { Field, FieldOf } from '@formwork/shared/fields/field';
import { Select } from '@mantine/core';
import { problemMessage } from '../../../../lib/problem-message.ts';
import { useTranslation } from '../../../../lib/translate.tsx';
import { useLibraryList, useLibraryLists } from '../../api/library-lists.ts';

/** A list field's list: one of the List Library's active lists (issue 18.5). */
export function ListFieldListPicker({
  companyId,
  field,
  onChange,
}: {
  companyId: string;
  field: FieldOf<'list'>;
  onChange: (listId: string | null) => void;
}) {
  const { t } = useTranslation();
  const lists = useLibraryLists(companyId);
  const data = (lists.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  // A list no longer offered (archived or deleted) stays shown as such until another is picked.
  if (field.listId && lists.data && !data.some((d) => d.value === field.listId))
    data.push({ value: field.listId, label: t('editor.field.listUnavailable') });
  return (
    <Select
      label={t('editor.field.list')}
      placeholder={lists.isPending ? t('app.loading') : t('editor.field.listPick')}
      data={data}
      value={field.listId}
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
  companyId,
  field,
  fields,
  onChange,
}: {
  companyId: string;
  field: FieldOf<'listProperty'>;
  fields: readonly Field[];
  onChange: (patch: { sourceFieldId?: string | null; property?: string }) => void;
}) {
  const { t } = useTranslation();
  const listFields = fields.filter((f): f is FieldOf<'list'> => f.type === 'list');
  const source = listFields.find((f) => f.id === field.sourceFieldId);
  const list = useLibraryList(companyId, source?.listId ?? null);
  const data = (list.data?.properties ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (field.property && list.data && !data.some((d) => d.value === field.property))
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
        error={list.error ? problemMessage(list.error, t) : undefined}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}
