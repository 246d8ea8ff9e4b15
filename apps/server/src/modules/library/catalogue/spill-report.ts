import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const spillReport: CatalogueEntry = {
  libraryTemplateId: 'spill-report',
  category: 'environment',
  name: 'Spill Report',
  description:
    'A fuel, oil or chemical spill: what and how much, whether it reached drains or waterways, clean-up and notification.',
  templateCode: 'SPILL-001',
  formName: 'Spill Report',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'reported', name: 'Reported' },
        { id: 'cleaned', name: 'Cleaned up' },
      ],
    },
    fields: [
      section('spill', 'Spill', 'Stop the source, contain the spill with the spill kit, then report it.'),
      { id: 'when', type: 'dateTime', label: 'Date and time', required: true, defaultToNow: true },
      { id: 'where', type: 'location', label: 'Location' },
      {
        id: 'substance',
        type: 'dropdown',
        label: 'Substance',
        required: true,
        options: options('Diesel', 'Hydraulic oil', 'Petrol', 'Concrete slurry', 'Paint', 'Chemical', 'Other'),
      },
      { id: 'volume', type: 'number', label: 'Estimated volume', unit: 'L', required: true, min: 0, decimals: 0 },
      { id: 'reached-water', type: 'yesNo', label: 'Did it reach a drain, waterway or soil?', required: true },
      { id: 'notified', type: 'yesNo', label: 'Was the environmental regulator notified?' },
      { id: 'notification-ref', type: 'singleLineText', label: 'Notification reference' },
      { id: 'cause', type: 'multiLineText', label: 'Cause', required: true },
      { id: 'cleanup', type: 'multiLineText', label: 'Clean-up done', required: true },
      { id: 'photos', type: 'photos', label: 'Photos', size: 'M' },
      { id: 'cleaned', type: 'approvalSignature', label: 'Clean-up verified by', required: true, columnId: 'cleaned' },
    ],
    logic: [
      {
        id: 'water-logic',
        triggerFieldId: 'reached-water',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['notified', 'notification-ref'],
        actions: [{ type: 'flag', colour: 'red' }],
      },
    ],
    header: header('Spill Report'),
    footer: footer(),
  },
};
