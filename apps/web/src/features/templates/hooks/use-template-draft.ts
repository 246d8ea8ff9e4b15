import type { Template } from '@formwork/shared/schemas/templates';
import type { TemplateDefinition, TemplateType } from '@formwork/shared/templates/template-definition';
import { useEffect, useMemo, useRef, useState } from 'react';
import { emptyDefinition } from '../model/new-field.ts';

/** What the template editor edits: the template's settings and its definition. */
export type Draft = {
  name: string;
  templateCode: string;
  formName: string;
  type: TemplateType;
  definition: TemplateDefinition;
  tabIds: string[];
};

/** The editable part of a saved template. */
export function draftOf(template: Template): Draft {
  return {
    name: template.name,
    templateCode: template.templateCode,
    formName: template.formName,
    type: template.type,
    definition: template.definition ?? emptyDefinition(template.type),
    tabIds: template.tabIds,
  };
}

export const sameDraft = (a: Draft | null, b: Draft | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The template editor's draft and the baseline it is compared with (dirty when they differ): a new
 * template starts empty (in the tab it was added from) or from an import's draft; a saved one starts from the loaded
 * template, and again whenever a newer version is loaded.
 */
export function useTemplateDraft(
  template: Template | null,
  {
    templateId,
    initialTabId,
    initialDraft,
  }: { templateId: string | null; initialTabId?: string | null; initialDraft?: Omit<Draft, 'tabIds'> | null },
) {
  const fresh = useMemo<Draft>(
    () => ({
      name: '',
      templateCode: '',
      formName: '',
      type: 'timeline',
      definition: emptyDefinition('timeline'),
      // A new template made from an imported document starts from its draft (issue 22.1).
      ...initialDraft,
      tabIds: initialTabId ? [initialTabId] : [],
    }),
    [initialTabId, initialDraft],
  );
  const [baseline, setBaseline] = useState<Draft | null>(templateId ? null : fresh);
  const [draft, setDraft] = useState<Draft | null>(templateId ? null : fresh);
  const loadedVersion = useRef<number | null>(null);
  useEffect(() => {
    if (!template) return;
    if (baseline && loadedVersion.current === template.currentVersion) return;
    loadedVersion.current = template.currentVersion;
    const next = draftOf(template);
    setBaseline(next);
    setDraft(next);
  }, [template, baseline]);

  const dirty = draft !== null && !sameDraft(draft, baseline);
  // The version the draft was made from (a save sets it to the saved one; null loads the next).
  return { draft, setDraft, baseline, setBaseline, dirty, loadedVersion };
}
