import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const toolboxTalk: CatalogueEntry = {
  libraryTemplateId: 'toolbox-talk',
  category: 'safety',
  name: 'Toolbox Talk',
  description: 'A short safety talk before work: the topic, hazards discussed, questions raised and who attended.',
  templateCode: 'TBT-001',
  formName: 'Toolbox Talk',
  type: 'timeline',
  definition: {
    fields: [
      { id: 'date', type: 'dateTime', label: 'Date and time', required: true, defaultToNow: true },
      { id: 'presenter', type: 'singlePerson', label: 'Presented by', required: true },
      { id: 'topic', type: 'singleLineText', label: 'Topic', required: true, maxLength: 200 },
      section(
        'guide',
        'How to run the talk',
        'Keep it to 10 to 15 minutes. Talk about today’s tasks, what could go wrong and how each hazard is controlled. Ask the crew for their concerns.',
      ),
      {
        id: 'hazards',
        type: 'multipleChoice',
        label: 'Hazards discussed',
        allowMultiple: true,
        options: options(
          'Working at heights',
          'Mobile plant',
          'Manual handling',
          'Electrical',
          'Excavations',
          'Hazardous substances',
          'Heat or cold',
          'Other',
        ),
      },
      { id: 'other-hazards', type: 'multiLineText', label: 'Other hazards' },
      { id: 'key-points', type: 'multiLineText', label: 'Key points covered', required: true },
      { id: 'questions', type: 'multiLineText', label: 'Questions and concerns raised' },
      { id: 'actions', type: 'actions', label: 'Actions arising' },
      {
        id: 'attendance',
        type: 'signOnTable',
        label: 'Attendance',
        required: true,
        statement: 'By signing I confirm I attended this toolbox talk and understood what was discussed.',
        columns: [{ id: 'trade', heading: 'Trade', width: 'M', cellType: 'text' }],
      },
    ],
    logic: [
      {
        id: 'other-logic',
        triggerFieldId: 'hazards',
        conditions: [{ operator: 'equals', value: 'other' }],
        fieldIds: ['other-hazards'],
      },
    ],
    header: header('Toolbox Talk'),
    footer: footer(),
  },
};
