import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const testAndTag: CatalogueEntry = {
  libraryTemplateId: 'test-and-tag',
  category: 'plant',
  name: 'Electrical Test and Tag Register',
  description: 'Test and tag portable tools and leads: each item’s results, tag colour and the next test date.',
  templateCode: 'TAG-001',
  formName: 'Test and Tag',
  type: 'register',
  definition: {
    fields: [
      section('session', 'Testing session'),
      { id: 'date', type: 'date', label: 'Test date', required: true, defaultToToday: true },
      { id: 'tester', type: 'singleLineText', label: 'Tester and licence number', required: true },
      { id: 'instrument', type: 'singleLineText', label: 'Test instrument and calibration date', required: true },
      { id: 'next-due', type: 'expiryDate', label: 'Next test due', required: true, warnDaysBefore: 14 },
      section('items', 'Items tested', 'Failed items are tagged out of service and removed from site.'),
      {
        id: 'items',
        type: 'defaultTable',
        label: 'Items',
        required: true,
        columns: [
          { id: 'item', heading: 'Item', width: 'L', cellType: 'text' },
          { id: 'owner', heading: 'Owner', width: 'M', cellType: 'text' },
          { id: 'visual', heading: 'Visual', width: 'S', cellType: 'yesNo' },
          { id: 'earth', heading: 'Earth (ohm)', width: 'XS', cellType: 'number' },
          { id: 'insulation', heading: 'Insulation (Mohm)', width: 'XS', cellType: 'number' },
          { id: 'result', heading: 'Result', width: 'S', cellType: 'dropdown', options: options('Pass', 'Fail') },
        ],
      },
      { id: 'failures', type: 'yesNo', label: 'Did any item fail?', required: true },
      { id: 'failure-notes', type: 'multiLineText', label: 'Failed items and what was done with them' },
      { id: 'signature', type: 'signature', label: 'Tester signature', required: true },
    ],
    logic: [
      {
        id: 'failure-logic',
        triggerFieldId: 'failures',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['failure-notes'],
        actions: [{ type: 'flag', colour: 'orange' }],
      },
    ],
    header: header('Test and Tag Register'),
    footer: footer(),
  },
};
