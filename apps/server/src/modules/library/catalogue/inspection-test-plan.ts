import { type CatalogueEntry, footer, header, options, section } from './build.ts';

const points = options('Hold point', 'Witness point', 'Review', 'Surveillance');
const results = options('Conforms', 'Does not conform', 'Not applicable');

export const inspectionTestPlan: CatalogueEntry = {
  libraryTemplateId: 'inspection-test-plan',
  category: 'quality',
  name: 'Inspection and Test Plan (ITP)',
  description:
    'Every inspection of a lot from set-out to completion, with hold and witness points released in order and signed off.',
  templateCode: 'ITP-001',
  formName: 'ITP',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'open', name: 'Open' },
        { id: 'verified', name: 'Verified' },
        { id: 'closed', name: 'Closed' },
      ],
    },
    fields: [
      section('lot', 'Lot'),
      { id: 'lot', type: 'singleLineText', label: 'Lot number', required: true },
      { id: 'element', type: 'singleLineText', label: 'Element or area', required: true },
      { id: 'spec', type: 'singleLineText', label: 'Specification and drawing references', required: true },
      { id: 'subcontractor', type: 'singleLineText', label: 'Subcontractor' },
      section('inspections', 'Inspections', 'Do not proceed past a hold point until it is released.'),
      {
        id: 'activities',
        type: 'prefilledTable',
        label: 'Inspection activities',
        required: true,
        columns: [
          { id: 'activity', heading: 'Activity', width: 'L', cellType: 'prefilledText' },
          { id: 'criteria', heading: 'Acceptance criteria', width: 'L', cellType: 'prefilledText' },
          { id: 'point', heading: 'Point', width: 'S', cellType: 'dropdown', options: points },
          { id: 'result', heading: 'Result', width: 'S', cellType: 'dropdown', options: results },
          { id: 'date', heading: 'Date', width: 'S', cellType: 'date' },
          { id: 'by', heading: 'Checked by', width: 'M', cellType: 'signature' },
        ],
        rows: [
          {
            id: 'r1',
            cells: { activity: 'Set-out checked', criteria: 'Within 10 mm of the drawings', point: 'hold-point' },
          },
          {
            id: 'r2',
            cells: {
              activity: 'Materials approved',
              criteria: 'Delivery dockets match the specification',
              point: 'review',
            },
          },
          {
            id: 'r3',
            cells: {
              activity: 'Formwork and reinforcement',
              criteria: 'Cover, laps and ties as drawn',
              point: 'hold-point',
            },
          },
          {
            id: 'r4',
            cells: { activity: 'Embedments and penetrations', criteria: 'Located and fixed', point: 'witness-point' },
          },
          {
            id: 'r5',
            cells: { activity: 'Pour and finish', criteria: 'Slump and finish as specified', point: 'surveillance' },
          },
          {
            id: 'r6',
            cells: { activity: 'Curing and stripping', criteria: 'Minimum curing time met', point: 'review' },
          },
          { id: 'r7', cells: { activity: 'As-built survey', criteria: 'Within tolerance', point: 'hold-point' } },
        ],
      },
      { id: 'nonconformance', type: 'yesNo', label: 'Was a non-conformance raised?', required: true },
      { id: 'ncr-number', type: 'singleLineText', label: 'NCR number' },
      { id: 'records', type: 'photos', label: 'Test certificates and records', size: 'S' },
      {
        id: 'verify',
        type: 'approvalSignature',
        label: 'Verified by (site engineer)',
        required: true,
        columnId: 'verified',
      },
      {
        id: 'close',
        type: 'approvalSignature',
        label: 'Lot closed by (quality manager)',
        required: true,
        columnId: 'closed',
      },
    ],
    logic: [
      {
        id: 'ncr-logic',
        triggerFieldId: 'nonconformance',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['ncr-number'],
      },
    ],
    header: header('Inspection and Test Plan'),
    footer: footer(),
  },
};
