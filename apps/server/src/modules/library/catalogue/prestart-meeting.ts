import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const prestartMeeting: CatalogueEntry = {
  libraryTemplateId: 'prestart-meeting',
  category: 'site',
  name: 'Daily Prestart Meeting',
  description:
    'The morning prestart: today’s work areas and sequence, high-risk work and permits, interfaces between trades, and the crew’s sign-on.',
  templateCode: 'PRE-001',
  formName: 'Prestart',
  type: 'timeline',
  definition: {
    fields: [
      { id: 'date', type: 'dateTime', label: 'Date and time', required: true, defaultToNow: true },
      { id: 'run-by', type: 'singlePerson', label: 'Run by', required: true },
      section('plan', 'Today’s plan'),
      { id: 'work', type: 'multiLineText', label: 'Work planned and areas', required: true },
      { id: 'deliveries', type: 'multiLineText', label: 'Deliveries and crane movements' },
      {
        id: 'high-risk',
        type: 'multipleChoice',
        label: 'High-risk work today',
        allowMultiple: true,
        options: options(
          'None',
          'Work at height',
          'Hot work',
          'Confined space',
          'Excavation',
          'Crane lifts',
          'Electrical',
        ),
      },
      { id: 'permits', type: 'multiLineText', label: 'Permits in place and who holds them', required: true },
      { id: 'interfaces', type: 'multiLineText', label: 'Interfaces between trades' },
      section('safety', 'Safety'),
      { id: 'incidents', type: 'multiLineText', label: 'Incidents and near misses since the last prestart' },
      { id: 'weather', type: 'singleLineText', label: 'Weather forecast and its effect' },
      { id: 'issues', type: 'multiLineText', label: 'Issues raised by the crew' },
      {
        id: 'crew',
        type: 'signOnTable',
        label: 'Crew sign-on',
        required: true,
        statement: 'I attended the prestart, I am fit for work and I understand today’s plan.',
        columns: [{ id: 'company', heading: 'Company', width: 'M', cellType: 'text' }],
      },
    ],
    logic: [
      {
        id: 'permits-logic',
        triggerFieldId: 'high-risk',
        conditions: [{ operator: 'notEquals', value: 'none' }, { operator: 'isNotEmpty' }],
        match: 'all',
        fieldIds: ['permits'],
      },
    ],
    header: header('Daily Prestart Meeting'),
    footer: footer(),
  },
};
