import { type CatalogueEntry, footer, header, options, section } from './build.ts';

const rating = options('Low', 'Medium', 'High', 'Extreme');

export const swms: CatalogueEntry = {
  libraryTemplateId: 'swms',
  category: 'safety',
  name: 'Safe Work Method Statement (SWMS)',
  description:
    'For high-risk construction work: the activities, their hazards and controls, the permits and training needed, reviewed and approved before work starts.',
  templateCode: 'SWMS-001',
  formName: 'SWMS',
  type: 'workflow',
  definition: {
    workflow: {
      columns: [
        { id: 'draft', name: 'Draft' },
        { id: 'reviewed', name: 'Reviewed' },
        { id: 'approved', name: 'Approved' },
      ],
    },
    fields: [
      section('details', 'Details'),
      { id: 'activity', type: 'singleLineText', label: 'Work activity', required: true },
      { id: 'contractor', type: 'singleLineText', label: 'Contractor', required: true },
      { id: 'start', type: 'date', label: 'Start date', required: true },
      { id: 'prepared-by', type: 'singlePerson', label: 'Prepared by', required: true },
      {
        id: 'high-risk',
        type: 'multipleChoice',
        label: 'High-risk construction work involved',
        allowMultiple: true,
        required: true,
        options: options(
          'Fall of more than 2 metres',
          'Trench or excavation deeper than 1.5 metres',
          'Confined space',
          'Energised electrical installations',
          'Powered mobile plant',
          'Demolition',
          'Asbestos',
          'Work near traffic',
          'Tilt-up or precast concrete',
        ),
      },
      section(
        'method',
        'Method, hazards and controls',
        'Controls follow the hierarchy: eliminate, substitute, isolate, engineer, administer, PPE.',
      ),
      {
        id: 'method',
        type: 'defaultTable',
        label: 'Work method',
        required: true,
        columns: [
          { id: 'activity', heading: 'Activity', width: 'M', cellType: 'text' },
          { id: 'hazards', heading: 'Hazards', width: 'M', cellType: 'text' },
          { id: 'risk', heading: 'Risk', width: 'S', cellType: 'dropdown', options: rating },
          { id: 'controls', heading: 'Control measures', width: 'L', cellType: 'text' },
          { id: 'residual', heading: 'Residual risk', width: 'S', cellType: 'dropdown', options: rating },
        ],
      },
      { id: 'permits', type: 'multiLineText', label: 'Permits required' },
      { id: 'training', type: 'multiLineText', label: 'Licences and training required', required: true },
      { id: 'plant', type: 'multiLineText', label: 'Plant and equipment' },
      { id: 'emergency', type: 'multiLineText', label: 'Emergency and rescue arrangements', required: true },
      { id: 'break', type: 'pageBreak' },
      {
        id: 'workers',
        type: 'signOnTable',
        label: 'Workers consulted',
        statement: 'I have read this SWMS, I understand it and I will follow it.',
        columns: [{ id: 'licence', heading: 'Licence number', width: 'M', cellType: 'text' }],
      },
      {
        id: 'review-approval',
        type: 'approvalSignature',
        label: 'Reviewed by (site supervisor)',
        required: true,
        columnId: 'reviewed',
      },
      {
        id: 'final-approval',
        type: 'approvalSignature',
        label: 'Approved by (project manager)',
        required: true,
        columnId: 'approved',
      },
    ],
    logic: [],
    header: header('Safe Work Method Statement'),
    footer: footer(),
  },
};
