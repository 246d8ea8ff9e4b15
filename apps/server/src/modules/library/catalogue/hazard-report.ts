import { type CatalogueEntry, footer, header, section } from './build.ts';

export const hazardReport: CatalogueEntry = {
  libraryTemplateId: 'hazard-report',
  category: 'safety',
  name: 'Hazard Report',
  description:
    'Anyone on site reports a hazard; the risk score is worked out from likelihood and consequence, and it is closed once controlled.',
  templateCode: 'HAZ-001',
  formName: 'Hazard',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'open', name: 'Open' },
        { id: 'controlled', name: 'Controlled' },
      ],
    },
    fields: [
      section('hazard', 'The hazard', 'If anyone is in immediate danger, make the area safe first.'),
      { id: 'when', type: 'dateTime', label: 'Reported at', required: true, defaultToNow: true },
      { id: 'where', type: 'singleLineText', label: 'Location', required: true },
      { id: 'description', type: 'multiLineText', label: 'Describe the hazard', required: true },
      { id: 'photos', type: 'photos', label: 'Photos', size: 'M' },
      section(
        'risk',
        'Assess the risk',
        'Likelihood 1 (rare) to 5 (almost certain); consequence 1 (insignificant) to 5 (catastrophic).',
      ),
      { id: 'likelihood', type: 'number', label: 'Likelihood', required: true, min: 1, max: 5, decimals: 0 },
      { id: 'consequence', type: 'number', label: 'Consequence', required: true, min: 1, max: 5, decimals: 0 },
      { id: 'score', type: 'formula', label: 'Risk score', expression: '{likelihood} * {consequence}', decimals: 0 },
      {
        id: 'level',
        type: 'formula',
        label: 'Risk level',
        expression:
          'IF({likelihood} * {consequence} >= 15, "Extreme", IF({likelihood} * {consequence} >= 10, "High", IF({likelihood} * {consequence} >= 5, "Medium", "Low")))',
      },
      { id: 'stop-work', type: 'yesNo', label: 'Was work stopped?', required: true },
      { id: 'stop-details', type: 'multiLineText', label: 'Work stopped: what and by whom' },
      { id: 'controls', type: 'multiLineText', label: 'Controls put in place' },
      { id: 'actions', type: 'actions', label: 'Actions' },
      {
        id: 'controlled-approval',
        type: 'approvalSignature',
        label: 'Controlled (supervisor)',
        required: true,
        columnId: 'controlled',
      },
    ],
    logic: [
      {
        id: 'stop-logic',
        triggerFieldId: 'stop-work',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['stop-details'],
        actions: [{ type: 'flag', colour: 'orange' }],
      },
    ],
    header: header('Hazard Report'),
    footer: footer(),
  },
};
