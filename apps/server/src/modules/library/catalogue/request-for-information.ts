import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const requestForInformation: CatalogueEntry = {
  libraryTemplateId: 'request-for-information',
  category: 'quality',
  name: 'Request for Information (RFI)',
  description:
    'Ask the designer a question with references and the date an answer is needed; record the answer and its impact.',
  templateCode: 'RFI-001',
  formName: 'RFI',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'sent', name: 'Sent' },
        { id: 'answered', name: 'Answered' },
      ],
    },
    fields: [
      section('question', 'Question'),
      { id: 'subject', type: 'singleLineText', label: 'Subject', required: true },
      { id: 'to', type: 'singleLineText', label: 'To (consultant)', required: true },
      {
        id: 'discipline',
        type: 'dropdown',
        label: 'Discipline',
        required: true,
        options: options('Architectural', 'Structural', 'Civil', 'Mechanical', 'Electrical', 'Hydraulic'),
      },
      { id: 'references', type: 'singleLineText', label: 'Drawing and specification references' },
      { id: 'question', type: 'multiLineText', label: 'Question', required: true },
      { id: 'proposal', type: 'multiLineText', label: 'Proposed solution' },
      { id: 'needed-by', type: 'expiryDate', label: 'Answer needed by', required: true, warnDaysBefore: 2 },
      { id: 'attachments', type: 'photos', label: 'Sketches and photos', size: 'M' },
      section('answer', 'Answer'),
      { id: 'answer', type: 'multiLineText', label: 'Answer' },
      { id: 'impact', type: 'yesNo', label: 'Does the answer change cost or time?' },
      { id: 'cost', type: 'number', label: 'Estimated cost', unit: '$', decimals: 2 },
      { id: 'days', type: 'number', label: 'Estimated delay', unit: 'days', decimals: 0, min: 0 },
      { id: 'answered', type: 'approvalSignature', label: 'Answer received by', required: true, columnId: 'answered' },
    ],
    logic: [
      {
        id: 'impact-logic',
        triggerFieldId: 'impact',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['cost', 'days'],
        actions: [{ type: 'createAction', title: 'Raise a variation for the RFI answer' }],
      },
    ],
    header: header('Request for Information'),
    footer: footer(),
  },
};
