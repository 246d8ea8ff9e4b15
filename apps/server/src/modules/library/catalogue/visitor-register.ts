import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const visitorRegister: CatalogueEntry = {
  libraryTemplateId: 'visitor-register',
  category: 'site',
  name: 'Visitor Sign-in Register',
  description:
    'Sign visitors in and out with their host, purpose and a short safety briefing, and count the hours they were on site.',
  templateCode: 'VIS-001',
  formName: 'Visitor',
  type: 'register',
  definition: {
    fields: [
      section('visitor', 'Visitor'),
      { id: 'name', type: 'singleLineText', label: 'Visitor name', required: true },
      { id: 'company', type: 'singleLineText', label: 'Company', required: true },
      { id: 'phone', type: 'singleLineText', label: 'Mobile number', required: true },
      { id: 'host', type: 'singlePerson', label: 'Host', required: true },
      {
        id: 'purpose',
        type: 'dropdown',
        label: 'Purpose',
        required: true,
        options: options('Meeting', 'Inspection', 'Delivery', 'Consultant', 'Client', 'Other'),
      },
      section(
        'briefing',
        'Safety briefing',
        'Stay with your host at all times. Wear a hard hat, hi-vis and safety boots past the gate. In an emergency go to the assembly point at the site entrance.',
      ),
      { id: 'briefed', type: 'yesNo', label: 'I have read and understood the safety briefing', required: true },
      { id: 'escort', type: 'yesNo', label: 'Will the visitor go beyond the site office?', required: true },
      {
        id: 'ppe',
        type: 'multipleChoice',
        label: 'PPE issued',
        allowMultiple: true,
        options: options('Hard hat', 'Hi-vis', 'Safety glasses', 'Boots'),
      },
      {
        id: 'in',
        type: 'number',
        label: 'Time in (24 h, decimal: 13.5 is 1:30 pm)',
        required: true,
        min: 0,
        max: 24,
        decimals: 2,
      },
      { id: 'out', type: 'number', label: 'Time out (24 h, decimal)', min: 0, max: 24, decimals: 2 },
      {
        id: 'hours',
        type: 'formula',
        label: 'Hours on site',
        expression: 'IF({out} > 0, {out} - {in}, 0)',
        decimals: 2,
      },
      { id: 'signature', type: 'manualSignature', label: 'Visitor signature', required: true },
    ],
    logic: [
      {
        id: 'ppe-logic',
        triggerFieldId: 'escort',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['ppe'],
      },
    ],
    header: header('Visitor Register'),
    footer: footer(),
  },
};
