import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const variationRequest: CatalogueEntry = {
  libraryTemplateId: 'variation-request',
  category: 'site',
  name: 'Variation Request',
  description:
    'Price a change to the contract: the instruction, labour, plant and materials lines, margin, time impact and the client’s approval.',
  templateCode: 'VAR-001',
  formName: 'Variation',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'draft', name: 'Draft' },
        { id: 'submitted', name: 'Submitted' },
        { id: 'approved', name: 'Approved' },
      ],
    },
    fields: [
      section('change', 'Change'),
      { id: 'title', type: 'singleLineText', label: 'Title', required: true },
      {
        id: 'instruction',
        type: 'dropdown',
        label: 'Instructed by',
        required: true,
        options: options('Site instruction', 'RFI answer', 'Client request', 'Latent condition'),
      },
      { id: 'reference', type: 'singleLineText', label: 'Instruction reference' },
      { id: 'description', type: 'multiLineText', label: 'Description of the change', required: true },
      section('price', 'Price', 'Quantity times rate on each line; the margin is added to the total.'),
      {
        id: 'lines',
        type: 'defaultTable',
        label: 'Cost lines',
        required: true,
        columns: [
          { id: 'item', heading: 'Item', width: 'L', cellType: 'text' },
          {
            id: 'kind',
            heading: 'Kind',
            width: 'S',
            cellType: 'dropdown',
            options: options('Labour', 'Plant', 'Material', 'Subcontract'),
          },
          { id: 'qty', heading: 'Qty', width: 'XS', cellType: 'number' },
          { id: 'rate', heading: 'Rate', width: 'XS', cellType: 'number' },
          { id: 'amount', heading: 'Amount', width: 'S', cellType: 'formula', expression: '{qty} * {rate}' },
        ],
      },
      { id: 'margin', type: 'number', label: 'Margin', unit: '%', required: true, min: 0, max: 100, decimals: 1 },
      { id: 'subtotal', type: 'formula', label: 'Cost ($)', expression: 'SUM({lines.amount})', decimals: 2 },
      {
        id: 'total',
        type: 'formula',
        label: 'Price including margin ($)',
        expression: 'ROUND(SUM({lines.amount}) * (1 + {margin} / 100), 2)',
        decimals: 2,
      },
      { id: 'time-impact', type: 'yesNo', label: 'Does it extend the programme?', required: true },
      { id: 'days', type: 'number', label: 'Extension of time', unit: 'days', min: 0, decimals: 0 },
      { id: 'submit', type: 'approvalSignature', label: 'Submitted by', required: true, columnId: 'submitted' },
      { id: 'approve', type: 'approvalSignature', label: 'Approved by (client)', required: true, columnId: 'approved' },
    ],
    logic: [
      {
        id: 'time-logic',
        triggerFieldId: 'time-impact',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['days'],
      },
    ],
    header: header('Variation Request'),
    footer: footer('Commercial in confidence'),
  },
};
