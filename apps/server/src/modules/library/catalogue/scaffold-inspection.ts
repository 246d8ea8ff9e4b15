import { type CatalogueEntry, checklist, footer, header, options, section } from './build.ts';

export const scaffoldInspection: CatalogueEntry = {
  libraryTemplateId: 'scaffold-inspection',
  category: 'plant',
  name: 'Scaffold Inspection',
  description:
    'The scaffolder’s inspection after erection, alteration, bad weather and at least every 30 days, with the tag status.',
  templateCode: 'SCAF-001',
  formName: 'Scaffold Inspection',
  type: 'timeline',
  definition: {
    fields: [
      section('scaffold', 'Scaffold'),
      { id: 'date', type: 'date', label: 'Inspection date', required: true, defaultToToday: true },
      { id: 'scaffold-id', type: 'singleLineText', label: 'Scaffold number and location', required: true },
      {
        id: 'reason',
        type: 'dropdown',
        label: 'Reason for inspection',
        required: true,
        options: options('After erection', 'After alteration', 'After severe weather', 'Routine (30 days)'),
      },
      {
        id: 'duty',
        type: 'dropdown',
        label: 'Duty class',
        required: true,
        options: options('Light', 'Medium', 'Heavy', 'Special'),
      },
      { id: 'inspector', type: 'singleLineText', label: 'Inspector and licence number', required: true },
      section('checks', 'Checks'),
      ...checklist('check', [
        'Base plates and sole boards sound',
        'Standards plumb, ledgers and transoms secure',
        'Ties and bracing in place',
        'Guardrails, midrails and toe boards complete',
        'Platforms fully decked, no gaps or trip hazards',
        'Access ladder or stair secured',
        'Clear of power lines',
      ]),
      {
        id: 'result',
        type: 'dropdown',
        label: 'Result',
        required: true,
        options: options('Safe for use', 'Not safe for use'),
      },
      { id: 'faults', type: 'multiLineText', label: 'Faults and what must be fixed', required: true },
      { id: 'next-inspection', type: 'expiryDate', label: 'Next inspection due', required: true, warnDaysBefore: 3 },
      { id: 'tag-photo', type: 'photos', label: 'Photo of the scaff tag', size: 'S' },
      { id: 'signature', type: 'signature', label: 'Inspector signature', required: true },
    ],
    logic: [
      {
        id: 'unsafe-logic',
        triggerFieldId: 'result',
        conditions: [{ operator: 'equals', value: 'not-safe-for-use' }],
        fieldIds: ['faults'],
        actions: [{ type: 'flag', colour: 'red' }],
      },
    ],
    header: header('Scaffold Inspection'),
    footer: footer(),
  },
};
