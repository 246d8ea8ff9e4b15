import { type CatalogueEntry, footer, header, options, section } from './build.ts';

const rating = options('Low', 'Medium', 'High', 'Extreme');

export const jobSafetyAnalysis: CatalogueEntry = {
  libraryTemplateId: 'job-safety-analysis',
  category: 'safety',
  name: 'Job Safety Analysis (JSA)',
  description:
    'Break a task into steps, name the hazards of each, rate the risk before and after controls, and have the crew sign on.',
  templateCode: 'JSA-001',
  formName: 'JSA',
  type: 'timeline',
  definition: {
    fields: [
      section('job', 'The job'),
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      { id: 'task', type: 'singleLineText', label: 'Task', required: true },
      { id: 'location', type: 'singleLineText', label: 'Work area', required: true },
      { id: 'supervisor', type: 'singlePerson', label: 'Supervisor', required: true },
      {
        id: 'ppe',
        type: 'multipleChoice',
        label: 'PPE required',
        allowMultiple: true,
        required: true,
        options: options(
          'Hard hat',
          'Safety glasses',
          'Hearing protection',
          'Gloves',
          'Hi-vis',
          'Harness',
          'Respirator',
        ),
      },
      section(
        'steps',
        'Steps, hazards and controls',
        'List each step in order. Rate the risk before and after the controls.',
      ),
      {
        id: 'steps',
        type: 'defaultTable',
        label: 'Job steps',
        required: true,
        columns: [
          { id: 'step', heading: 'Step', width: 'M', cellType: 'text' },
          { id: 'hazard', heading: 'Hazards', width: 'M', cellType: 'text' },
          { id: 'before', heading: 'Risk before', width: 'S', cellType: 'dropdown', options: rating },
          { id: 'controls', heading: 'Controls', width: 'L', cellType: 'text' },
          { id: 'after', heading: 'Risk after', width: 'S', cellType: 'dropdown', options: rating },
          { id: 'who', heading: 'Responsible', width: 'S', cellType: 'text' },
        ],
      },
      {
        id: 'high-residual',
        type: 'yesNo',
        label: 'Is any risk still High or Extreme after controls?',
        required: true,
      },
      { id: 'escalation', type: 'multiLineText', label: 'Extra controls agreed with the supervisor', required: true },
      { id: 'break', type: 'pageBreak' },
      {
        id: 'crew',
        type: 'signOnTable',
        label: 'Crew sign-on',
        required: true,
        statement: 'I have been consulted on this JSA, I understand the hazards and controls, and I will follow them.',
        columns: [{ id: 'role', heading: 'Role', width: 'S', cellType: 'text' }],
      },
      { id: 'signature', type: 'signature', label: 'Supervisor signature', required: true },
    ],
    logic: [
      {
        id: 'residual-logic',
        triggerFieldId: 'high-residual',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['escalation'],
        actions: [{ type: 'flag', colour: 'red' }],
      },
    ],
    header: header('Job Safety Analysis'),
    footer: footer(),
  },
};
