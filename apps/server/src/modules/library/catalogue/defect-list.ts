import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const defectList: CatalogueEntry = {
  libraryTemplateId: 'defect-list',
  category: 'quality',
  name: 'Defects and Punch List',
  description: 'Walk an area before handover and list each defect with its trade, priority, photo and due date.',
  templateCode: 'DEF-001',
  formName: 'Defects',
  type: 'timeline',
  definition: {
    fields: [
      section('area', 'Area'),
      { id: 'date', type: 'date', label: 'Inspection date', required: true, defaultToToday: true },
      { id: 'area', type: 'singleLineText', label: 'Building, level and room', required: true },
      { id: 'inspected-by', type: 'person', label: 'Inspected by', required: true },
      {
        id: 'stage',
        type: 'dropdown',
        label: 'Stage',
        required: true,
        options: options('Pre-handover', 'Practical completion', 'End of defects period'),
      },
      section('defects', 'Defects'),
      {
        id: 'defects',
        type: 'defaultTable',
        label: 'Defects found',
        required: true,
        columns: [
          { id: 'description', heading: 'Defect', width: 'L', cellType: 'text' },
          { id: 'trade', heading: 'Trade', width: 'S', cellType: 'text' },
          {
            id: 'priority',
            heading: 'Priority',
            width: 'S',
            cellType: 'dropdown',
            options: options('High', 'Medium', 'Low'),
          },
          { id: 'due', heading: 'Due', width: 'S', cellType: 'date' },
          { id: 'photo', heading: 'Photo', width: 'M', cellType: 'photo' },
          { id: 'fixed', heading: 'Fixed', width: 'S', cellType: 'yesNo' },
        ],
      },
      { id: 'walkthrough-photos', type: 'photos', label: 'Overall photos', size: 'S' },
      { id: 'client-present', type: 'yesNo', label: 'Was the client present?' },
      { id: 'client-name', type: 'singleLineText', label: 'Client representative' },
      { id: 'client-signature', type: 'manualSignature', label: 'Client signature' },
      { id: 'signature', type: 'signature', label: 'Inspector signature', required: true },
    ],
    logic: [
      {
        id: 'client-logic',
        triggerFieldId: 'client-present',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['client-name', 'client-signature'],
      },
    ],
    header: header('Defects and Punch List'),
    footer: footer(),
  },
};
