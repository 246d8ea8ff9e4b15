import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const dailyTimesheet: CatalogueEntry = {
  libraryTemplateId: 'daily-timesheet',
  category: 'site',
  name: 'Daily Timesheet',
  description:
    'A crew’s hours for the day by cost code: ordinary time, overtime and each worker’s total, added up for the day.',
  templateCode: 'TS-001',
  formName: 'Timesheet',
  type: 'register',
  definition: {
    fields: [
      section('day', 'Day'),
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      { id: 'foreman', type: 'singlePerson', label: 'Foreman', required: true },
      { id: 'shift', type: 'dropdown', label: 'Shift', required: true, options: options('Day', 'Night') },
      { id: 'allowance', type: 'yesNo', label: 'Were site allowances paid (wet weather, height, dirty work)?' },
      { id: 'allowance-details', type: 'singleLineText', label: 'Allowances and who received them' },
      section('hours', 'Hours', 'Enter hours in decimals: 7.5 for seven and a half hours.'),
      {
        id: 'crew',
        type: 'defaultTable',
        label: 'Crew hours',
        required: true,
        columns: [
          { id: 'name', heading: 'Name', width: 'L', cellType: 'text' },
          { id: 'code', heading: 'Cost code', width: 'S', cellType: 'text' },
          { id: 'ordinary', heading: 'Ordinary', width: 'XS', cellType: 'number' },
          { id: 'overtime', heading: 'Overtime', width: 'XS', cellType: 'number' },
          { id: 'total', heading: 'Total', width: 'XS', cellType: 'formula', expression: '{ordinary} + {overtime}' },
        ],
      },
      {
        id: 'ordinary-total',
        type: 'formula',
        label: 'Ordinary hours',
        expression: 'SUM({crew.ordinary})',
        decimals: 2,
      },
      {
        id: 'overtime-total',
        type: 'formula',
        label: 'Overtime hours',
        expression: 'SUM({crew.overtime})',
        decimals: 2,
      },
      { id: 'hours-total', type: 'formula', label: 'Total hours', expression: 'SUM({crew.total})', decimals: 2 },
      { id: 'notes', type: 'multiLineText', label: 'Notes' },
      { id: 'signature', type: 'signature', label: 'Foreman signature', required: true },
    ],
    logic: [
      {
        id: 'allowance-logic',
        triggerFieldId: 'allowance',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['allowance-details'],
      },
    ],
    header: header('Daily Timesheet'),
    footer: footer(),
    registerOrder: { fieldId: 'date', direction: 'desc' },
  },
};
