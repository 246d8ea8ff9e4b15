import { type CatalogueEntry, checklist, footer, header, section } from './build.ts';

export const confinedSpacePermit: CatalogueEntry = {
  libraryTemplateId: 'confined-space-permit',
  category: 'permits',
  name: 'Confined Space Entry Permit',
  description:
    'Entry to pits, tanks and pipes: atmosphere tests, isolations, the standby person, entrants in and out, and rescue.',
  templateCode: 'CSE-001',
  formName: 'Confined Space Permit',
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
      section('space', 'Space'),
      { id: 'space', type: 'singleLineText', label: 'Confined space', required: true },
      { id: 'task', type: 'multiLineText', label: 'Work to be done', required: true },
      { id: 'valid', type: 'dateTimeRange', label: 'Valid from and to', required: true },
      section(
        'atmosphere',
        'Atmosphere tests',
        'Oxygen 19.5 to 23.5 %, flammable gas below 5 % LEL, CO below 30 ppm, H2S below 10 ppm.',
      ),
      {
        id: 'gas-tests',
        type: 'defaultTable',
        label: 'Gas test readings',
        required: true,
        columns: [
          { id: 'time', heading: 'Time', width: 'S', cellType: 'text' },
          { id: 'o2', heading: 'O2 %', width: 'XS', cellType: 'number' },
          { id: 'lel', heading: 'LEL %', width: 'XS', cellType: 'number' },
          { id: 'co', heading: 'CO ppm', width: 'XS', cellType: 'number' },
          { id: 'h2s', heading: 'H2S ppm', width: 'XS', cellType: 'number' },
          {
            id: 'safe',
            heading: 'Safe to enter',
            width: 'S',
            cellType: 'formula',
            expression: 'IF(AND({o2} >= 19.5, {o2} <= 23.5, {lel} < 5, {co} < 30, {h2s} < 10), "Yes", "NO")',
          },
        ],
      },
      { id: 'tester', type: 'singlePerson', label: 'Tested by', required: true },
      section('controls', 'Controls'),
      ...checklist('control', [
        'Space isolated from all energy and substances',
        'Ventilation set up',
        'Standby person outside with communication',
        'Rescue equipment at the entry',
        'Entrants trained for confined spaces',
      ]),
      { id: 'standby', type: 'singlePerson', label: 'Standby person', required: true },
      {
        id: 'entry-log',
        type: 'signOnTable',
        label: 'Entrants',
        statement: 'I have read this permit and will leave the space when told to or when the alarm sounds.',
        columns: [
          { id: 'in', heading: 'Time in', width: 'S', cellType: 'text' },
          { id: 'out', heading: 'Time out', width: 'S', cellType: 'text' },
        ],
      },
      { id: 'issue-approval', type: 'approvalSignature', label: 'Issued by', required: true, columnId: 'issued' },
      {
        id: 'close-approval',
        type: 'approvalSignature',
        label: 'All entrants out; closed by',
        required: true,
        columnId: 'closed',
      },
    ],
    logic: [],
    header: header('Confined Space Entry Permit'),
    footer: footer(),
  },
};
