import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const siteDiary: CatalogueEntry = {
  libraryTemplateId: 'site-diary',
  category: 'site',
  name: 'Site Diary',
  description:
    'The day on site in one record: weather, labour and hours by trade, plant, work done, deliveries, visitors, delays and photos.',
  templateCode: 'DIARY-001',
  formName: 'Site Diary',
  type: 'timeline',
  definition: {
    fields: [
      section('general', 'General', 'Complete at the end of each shift.'),
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      { id: 'supervisor', type: 'singlePerson', label: 'Site supervisor', required: true },
      {
        id: 'weather',
        type: 'dropdown',
        label: 'Weather',
        required: true,
        options: options('Fine', 'Overcast', 'Showers', 'Heavy rain', 'High wind', 'Extreme heat'),
      },
      { id: 'temp', type: 'number', label: 'Maximum temperature', unit: '°C', decimals: 0 },
      section('labour', 'Labour on site'),
      {
        id: 'labour',
        type: 'defaultTable',
        label: 'Labour by trade',
        columns: [
          { id: 'company', heading: 'Company', width: 'L', cellType: 'text' },
          { id: 'trade', heading: 'Trade', width: 'M', cellType: 'text' },
          { id: 'workers', heading: 'Workers', width: 'XS', cellType: 'number' },
          { id: 'hours', heading: 'Hours each', width: 'XS', cellType: 'number' },
          { id: 'total', heading: 'Total hours', width: 'S', cellType: 'formula', expression: '{workers} * {hours}' },
        ],
      },
      {
        id: 'workers-total',
        type: 'formula',
        label: 'Workers on site',
        expression: 'SUM({labour.workers})',
        decimals: 0,
      },
      { id: 'hours-total', type: 'formula', label: 'Labour hours', expression: 'SUM({labour.total})', decimals: 1 },
      section('work', 'Work and plant'),
      { id: 'work-done', type: 'multiLineText', label: 'Work completed today', required: true },
      { id: 'plant', type: 'multiLineText', label: 'Plant and equipment on site' },
      { id: 'deliveries', type: 'multiLineText', label: 'Deliveries received' },
      { id: 'visitors', type: 'multiLineText', label: 'Visitors and inspections' },
      { id: 'delays', type: 'yesNo', label: 'Were there delays or disruptions?', required: true },
      {
        id: 'delay-cause',
        type: 'dropdown',
        label: 'Cause of delay',
        options: options(
          'Weather',
          'Late delivery',
          'Design information',
          'Plant breakdown',
          'Client direction',
          'Other',
        ),
      },
      { id: 'delay-hours', type: 'number', label: 'Hours lost', decimals: 1, min: 0 },
      { id: 'delay-notes', type: 'multiLineText', label: 'Delay details and trades affected' },
      { id: 'photos', type: 'photos', label: 'Progress photos', size: 'M' },
      { id: 'break', type: 'pageBreak' },
      { id: 'signature', type: 'signature', label: 'Supervisor signature', required: true },
    ],
    logic: [
      {
        id: 'delays-logic',
        triggerFieldId: 'delays',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['delay-cause', 'delay-hours', 'delay-notes'],
      },
    ],
    header: header('Site Diary'),
    footer: footer(),
    pdfFilename: {
      parts: [
        { kind: 'metadata', key: 'templateName' },
        { kind: 'metadata', key: 'teamName' },
        { kind: 'metadata', key: 'createdDate' },
      ],
    },
  },
};
