import { type CatalogueEntry, footer, header, optionId, options, section } from './build.ts';

export const incidentReport: CatalogueEntry = {
  libraryTemplateId: 'incident-report',
  category: 'safety',
  name: 'Incident Report',
  description:
    'Report an injury, near miss or damage as it happens, investigate the causes and close it with corrective actions.',
  templateCode: 'INC-001',
  formName: 'Incident',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'reported', name: 'Reported' },
        { id: 'investigating', name: 'Investigating' },
        { id: 'closed', name: 'Closed' },
      ],
    },
    fields: [
      section('event', 'What happened'),
      { id: 'when', type: 'dateTime', label: 'Date and time of incident', required: true, defaultToNow: true },
      { id: 'where', type: 'singleLineText', label: 'Exact location', required: true },
      {
        id: 'kind',
        type: 'dropdown',
        label: 'Type of incident',
        required: true,
        options: options('Injury', 'Near miss', 'Property damage', 'Environmental', 'Security'),
      },
      { id: 'injured', type: 'singleLineText', label: 'Name of injured person', required: true },
      {
        id: 'treatment',
        type: 'dropdown',
        label: 'Treatment',
        required: true,
        options: options('None', 'First aid', 'Medical treatment', 'Hospital', 'Lost time'),
      },
      { id: 'body-part', type: 'singleLineText', label: 'Part of body injured' },
      { id: 'description', type: 'multiLineText', label: 'Describe what happened', required: true },
      { id: 'immediate', type: 'multiLineText', label: 'Immediate actions taken', required: true },
      { id: 'notifiable', type: 'yesNo', label: 'Is it notifiable to the regulator?', required: true },
      { id: 'notified-when', type: 'dateTime', label: 'Regulator notified at' },
      { id: 'reference', type: 'singleLineText', label: 'Regulator reference' },
      { id: 'photos', type: 'photos', label: 'Photos of the scene', size: 'L' },
      { id: 'break', type: 'pageBreak' },
      section('investigation', 'Investigation', 'Completed by the supervisor within 24 hours.'),
      { id: 'causes', type: 'multiLineText', label: 'Root causes' },
      { id: 'corrective', type: 'actions', label: 'Corrective actions' },
      {
        id: 'investigate-approval',
        type: 'approvalSignature',
        label: 'Investigation started by',
        required: true,
        columnId: 'investigating',
      },
      {
        id: 'close-approval',
        type: 'approvalSignature',
        label: 'Closed by (safety manager)',
        required: true,
        columnId: 'closed',
      },
    ],
    logic: [
      {
        id: 'injury-logic',
        triggerFieldId: 'kind',
        conditions: [{ operator: 'equals', value: optionId('Injury') }],
        fieldIds: ['injured', 'treatment', 'body-part'],
      },
      {
        id: 'notifiable-logic',
        triggerFieldId: 'notifiable',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['notified-when', 'reference'],
        actions: [{ type: 'flag', colour: 'red' }],
      },
    ],
    header: header('Incident Report'),
    footer: footer('Confidential'),
    registerOrder: null,
  },
};
