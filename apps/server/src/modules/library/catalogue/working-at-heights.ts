import { type CatalogueEntry, checklist, footer, header, options, section } from './build.ts';

export const workingAtHeights: CatalogueEntry = {
  libraryTemplateId: 'working-at-heights',
  category: 'safety',
  name: 'Working at Heights Checklist',
  description: 'Check the fall protection before work at height starts: access, edges, harnesses, anchors and rescue.',
  templateCode: 'WAH-001',
  formName: 'Heights Check',
  type: 'timeline',
  definition: {
    fields: [
      section('work', 'Work'),
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      { id: 'task', type: 'singleLineText', label: 'Task and location', required: true },
      { id: 'height', type: 'number', label: 'Working height', unit: 'm', required: true, min: 0, decimals: 1 },
      {
        id: 'method',
        type: 'dropdown',
        label: 'Fall protection',
        required: true,
        options: options('Guardrails or scaffold', 'Elevating work platform', 'Harness and anchor', 'Ladder'),
      },
      section('checks', 'Checks'),
      ...checklist('check', [
        'Exclusion zone set up below',
        'Edges protected or work positioned away from them',
        'Tools and materials secured against falling',
        'Weather suitable (wind, rain, lightning)',
      ]),
      { id: 'harness-checked', type: 'yesNoNa', label: 'Harness and lanyard inspected and in date', withText: true },
      { id: 'anchor-rated', type: 'yesNoNa', label: 'Anchor point rated and certified', withText: true },
      {
        id: 'rescue-plan',
        type: 'multiLineText',
        label: 'Rescue plan (how a suspended worker is reached within minutes)',
      },
      { id: 'ladder-checked', type: 'yesNoNa', label: 'Ladder industrial rated, footed and tied off', withText: true },
      { id: 'photos', type: 'photos', label: 'Photos', size: 'S' },
      { id: 'signature', type: 'signature', label: 'Checked by', required: true },
    ],
    logic: [
      {
        id: 'harness-logic',
        triggerFieldId: 'method',
        conditions: [{ operator: 'equals', value: 'harness-and-anchor' }],
        fieldIds: ['harness-checked', 'anchor-rated', 'rescue-plan'],
      },
      {
        id: 'ladder-logic',
        triggerFieldId: 'method',
        conditions: [{ operator: 'equals', value: 'ladder' }],
        fieldIds: ['ladder-checked'],
      },
    ],
    header: header('Working at Heights'),
    footer: footer(),
  },
};
