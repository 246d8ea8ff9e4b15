import { type CatalogueEntry, checklist, footer, header, options, section } from './build.ts';

export const plantPrestart: CatalogueEntry = {
  libraryTemplateId: 'plant-prestart',
  category: 'plant',
  name: 'Pre-start Plant Check',
  description:
    'The operator’s daily check of mobile plant before use: hour meter, fluids, safety systems and defects that take it out of service.',
  templateCode: 'PPC-001',
  formName: 'Plant Pre-start',
  type: 'timeline',
  definition: {
    fields: [
      section('machine', 'Machine'),
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      {
        id: 'plant-type',
        type: 'dropdown',
        label: 'Plant type',
        required: true,
        options: options('Excavator', 'Loader', 'Skid steer', 'Roller', 'Telehandler', 'Dump truck', 'Other'),
      },
      { id: 'plant-id', type: 'singleLineText', label: 'Plant number or registration', required: true },
      { id: 'operator', type: 'singlePerson', label: 'Operator', required: true },
      { id: 'hours-start', type: 'number', label: 'Hour meter at start', required: true, min: 0, decimals: 1 },
      { id: 'hours-end', type: 'number', label: 'Hour meter at end', min: 0, decimals: 1 },
      {
        id: 'hours-used',
        type: 'formula',
        label: 'Hours used today',
        expression: '{hours-end} - {hours-start}',
        decimals: 1,
      },
      section('walkaround', 'Walk-around', 'Answer No for anything damaged, leaking or not working.'),
      ...checklist('check', [
        'Engine oil, coolant and hydraulic oil levels',
        'No leaks or damaged hoses',
        'Tyres or tracks in good condition',
        'Lights, beacon and reversing alarm work',
        'Seat belt and operator protection (ROPS/FOPS)',
        'Brakes and steering work',
        'Attachments and quick hitch locked',
        'Fire extinguisher fitted and charged',
      ]),
      { id: 'defects', type: 'yesNo', label: 'Are there defects?', required: true },
      { id: 'defect-details', type: 'multiLineText', label: 'Defects found', required: true },
      { id: 'safe-to-use', type: 'yesNo', label: 'Is the machine safe to use?', required: true },
      { id: 'defect-photos', type: 'photos', label: 'Photos of defects', size: 'M' },
      { id: 'signature', type: 'signature', label: 'Operator signature', required: true },
    ],
    logic: [
      {
        id: 'defect-logic',
        triggerFieldId: 'defects',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['defect-details', 'defect-photos'],
      },
      {
        id: 'unsafe-logic',
        triggerFieldId: 'safe-to-use',
        conditions: [{ operator: 'equals', value: 'no' }],
        fieldIds: [],
        actions: [
          { type: 'flag', colour: 'red' },
          { type: 'createAction', title: 'Tag out the machine and arrange repair' },
        ],
      },
    ],
    header: header('Pre-start Plant Check'),
    footer: footer(),
  },
};
