import { type CatalogueEntry, checklist, footer, header, options, section } from './build.ts';

export const hotWorkPermit: CatalogueEntry = {
  libraryTemplateId: 'hot-work-permit',
  category: 'permits',
  name: 'Hot Work Permit',
  description:
    'Welding, cutting and grinding: fire precautions, a fire watch during the work and for an hour after, then closure.',
  templateCode: 'HWP-001',
  formName: 'Hot Work Permit',
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
      section('work', 'Work'),
      { id: 'holder', type: 'singlePerson', label: 'Permit holder', required: true },
      { id: 'location', type: 'singleLineText', label: 'Location', required: true },
      {
        id: 'kind',
        type: 'multipleChoice',
        label: 'Hot work',
        allowMultiple: true,
        required: true,
        options: options('Welding', 'Oxy cutting', 'Grinding', 'Brazing or soldering', 'Torch-on membrane'),
      },
      { id: 'valid', type: 'dateTimeRange', label: 'Valid from and to', required: true },
      section('precautions', 'Fire precautions'),
      ...checklist('precaution', [
        'Combustibles removed or covered within 11 metres',
        'Floor and wall openings covered',
        'Fire extinguisher and blanket at the work',
        'Smoke detectors isolated (with the building manager’s approval)',
        'Screens in place to protect others from sparks and glare',
      ]),
      {
        id: 'gas-cylinders',
        type: 'yesNoNa',
        label: 'Gas cylinders upright, chained, flashback arrestors fitted',
        withText: true,
      },
      { id: 'fire-watch', type: 'singlePerson', label: 'Fire watch', required: true },
      { id: 'watch-end', type: 'dateTime', label: 'Fire watch ended (at least 60 minutes after work)' },
      { id: 'area-checked', type: 'yesNo', label: 'Area checked and free of smouldering material' },
      { id: 'issue-approval', type: 'approvalSignature', label: 'Issued by', required: true, columnId: 'issued' },
      {
        id: 'close-approval',
        type: 'approvalSignature',
        label: 'Closed after fire watch by',
        required: true,
        columnId: 'closed',
      },
    ],
    logic: [
      {
        id: 'cutting-logic',
        triggerFieldId: 'kind',
        conditions: [{ operator: 'equals', value: 'oxy-cutting' }],
        fieldIds: ['gas-cylinders'],
      },
    ],
    header: header('Hot Work Permit'),
    footer: footer(),
  },
};
