import { type CatalogueEntry, footer, header, optionId, options, section } from './build.ts';

export const nonConformance: CatalogueEntry = {
  libraryTemplateId: 'non-conformance',
  category: 'quality',
  name: 'Non-Conformance Report (NCR)',
  description:
    'Work or material that does not meet the specification: what is wrong, its disposition, the cost, and verified close-out.',
  templateCode: 'NCR-001',
  formName: 'NCR',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'raised', name: 'Raised' },
        { id: 'disposition', name: 'Disposition agreed' },
        { id: 'closed', name: 'Closed' },
      ],
    },
    fields: [
      section('issue', 'Non-conformance'),
      { id: 'raised-on', type: 'date', label: 'Raised on', required: true, defaultToToday: true },
      { id: 'raised-by', type: 'singlePerson', label: 'Raised by', required: true },
      { id: 'subcontractor', type: 'singleLineText', label: 'Responsible party', required: true },
      { id: 'requirement', type: 'multiLineText', label: 'Requirement (specification or drawing)', required: true },
      { id: 'finding', type: 'multiLineText', label: 'What does not conform', required: true },
      { id: 'photos', type: 'photos', label: 'Photos', size: 'M' },
      section('disposition', 'Disposition'),
      {
        id: 'disposition',
        type: 'dropdown',
        label: 'Disposition',
        required: true,
        options: options('Rework', 'Repair', 'Use as is', 'Reject and replace'),
      },
      { id: 'designer-approval', type: 'multiLineText', label: 'Designer’s acceptance (for use as is or repair)' },
      { id: 'labour-cost', type: 'number', label: 'Labour cost', unit: '$', min: 0, decimals: 2 },
      { id: 'material-cost', type: 'number', label: 'Material cost', unit: '$', min: 0, decimals: 2 },
      {
        id: 'total-cost',
        type: 'formula',
        label: 'Cost of non-conformance ($)',
        expression: '{labour-cost} + {material-cost}',
        decimals: 2,
      },
      { id: 'cause', type: 'multiLineText', label: 'Root cause and prevention' },
      { id: 'actions', type: 'actions', label: 'Corrective actions' },
      {
        id: 'agree',
        type: 'approvalSignature',
        label: 'Disposition agreed by',
        required: true,
        columnId: 'disposition',
      },
      { id: 'close', type: 'approvalSignature', label: 'Close-out verified by', required: true, columnId: 'closed' },
    ],
    logic: [
      {
        id: 'designer-logic',
        triggerFieldId: 'disposition',
        conditions: [
          { operator: 'equals', value: optionId('Use as is') },
          { operator: 'equals', value: optionId('Repair') },
        ],
        fieldIds: ['designer-approval'],
      },
    ],
    header: header('Non-Conformance Report'),
    footer: footer(),
  },
};
