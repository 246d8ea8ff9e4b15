import { type CatalogueEntry, checklist, footer, header, options, section } from './build.ts';

export const permitToWork: CatalogueEntry = {
  libraryTemplateId: 'permit-to-work',
  category: 'permits',
  name: 'General Permit to Work',
  description:
    'Authorise non-routine work for a set period: scope, isolations, precautions, issue and hand-back, each signed.',
  templateCode: 'PTW-001',
  formName: 'Permit to Work',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'requested', name: 'Requested' },
        { id: 'issued', name: 'Issued' },
        { id: 'closed', name: 'Closed' },
      ],
    },
    fields: [
      section('request', 'Request'),
      { id: 'requested-by', type: 'singlePerson', label: 'Requested by', required: true },
      { id: 'company', type: 'singleLineText', label: 'Company', required: true },
      { id: 'scope', type: 'multiLineText', label: 'Scope of work', required: true },
      { id: 'location', type: 'singleLineText', label: 'Location', required: true },
      { id: 'valid', type: 'dateTimeRange', label: 'Valid from and to', required: true },
      { id: 'isolation', type: 'yesNo', label: 'Are isolations needed?', required: true },
      {
        id: 'isolations',
        type: 'defaultTable',
        label: 'Isolations',
        columns: [
          { id: 'point', heading: 'Isolation point', width: 'L', cellType: 'text' },
          {
            id: 'type',
            heading: 'Energy',
            width: 'S',
            cellType: 'dropdown',
            options: options('Electrical', 'Mechanical', 'Hydraulic', 'Pneumatic', 'Gas'),
          },
          { id: 'lock', heading: 'Lock number', width: 'S', cellType: 'text' },
          { id: 'by', heading: 'Isolated by', width: 'M', cellType: 'text' },
        ],
      },
      section('precautions', 'Precautions', 'The issuer checks each precaution before issuing the permit.'),
      ...checklist('precaution', [
        'Work area inspected with the permit holder',
        'Barricades and signage in place',
        'Other trades in the area told',
        'Fire extinguisher at the work area',
        'SWMS or JSA reviewed for this work',
      ]),
      { id: 'workers', type: 'person', label: 'Workers covered by this permit' },
      section('handback', 'Hand-back', 'At the end of the work or when the permit expires.'),
      { id: 'work-complete', type: 'yesNo', label: 'Is the work complete and the area left safe?' },
      { id: 'handback-notes', type: 'multiLineText', label: 'Hand-back notes' },
      {
        id: 'issue-approval',
        type: 'approvalSignature',
        label: 'Issued by (permit issuer)',
        required: true,
        columnId: 'issued',
      },
      {
        id: 'close-approval',
        type: 'approvalSignature',
        label: 'Closed by (permit issuer)',
        required: true,
        columnId: 'closed',
      },
    ],
    logic: [
      {
        id: 'isolation-logic',
        triggerFieldId: 'isolation',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['isolations'],
      },
    ],
    header: header('Permit to Work'),
    footer: footer(),
  },
};
