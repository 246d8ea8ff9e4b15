import { type CatalogueEntry, checklist, footer, header, options, section } from './build.ts';

export const excavationPermit: CatalogueEntry = {
  libraryTemplateId: 'excavation-permit',
  category: 'permits',
  name: 'Excavation Permit',
  description:
    'Before breaking ground: services located, the dig method, trench support for deep excavations, and sign-off.',
  templateCode: 'EXC-001',
  formName: 'Excavation Permit',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'requested', name: 'Requested' },
        { id: 'approved', name: 'Approved' },
      ],
    },
    fields: [
      section('dig', 'Excavation'),
      { id: 'location', type: 'singleLineText', label: 'Location', required: true },
      { id: 'position', type: 'location', label: 'Position on the map' },
      { id: 'start', type: 'date', label: 'Start date', required: true },
      { id: 'depth', type: 'number', label: 'Maximum depth', unit: 'm', required: true, min: 0, decimals: 2 },
      {
        id: 'method',
        type: 'dropdown',
        label: 'Excavation method',
        required: true,
        options: options('Excavator', 'Vacuum excavation', 'Hand digging', 'Trencher'),
      },
      section(
        'services',
        'Underground services',
        'Check the dial-before-you-dig plans and locate every service on the ground.',
      ),
      ...checklist('service', [
        'Service plans obtained and current',
        'Services located and marked on the ground',
        'Potholing done within 1 metre of services',
        'Spoil placed at least 1 metre from the edge',
      ]),
      {
        id: 'shoring',
        type: 'dropdown',
        label: 'Trench support',
        options: options('Shoring boxes', 'Benching', 'Battering', 'Engineer design'),
      },
      { id: 'engineer-cert', type: 'photos', label: 'Engineer’s certificate', size: 'S' },
      { id: 'plans', type: 'photos', label: 'Service plans and mark-outs', size: 'M' },
      { id: 'approval', type: 'approvalSignature', label: 'Approved by', required: true, columnId: 'approved' },
    ],
    logic: [
      {
        id: 'deep-logic',
        triggerFieldId: 'depth',
        conditions: [{ operator: 'greaterThan', value: 1.5 }],
        fieldIds: ['shoring', 'engineer-cert'],
      },
    ],
    header: header('Excavation Permit'),
    footer: footer(),
  },
};
