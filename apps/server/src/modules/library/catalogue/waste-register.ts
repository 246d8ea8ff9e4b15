import { type CatalogueEntry, footer, header, options, section } from './build.ts';

const streams = options('General', 'Concrete', 'Timber', 'Metal', 'Plasterboard', 'Mixed recyclable', 'Hazardous');

export const wasteRegister: CatalogueEntry = {
  libraryTemplateId: 'waste-register',
  category: 'environment',
  name: 'Waste Removal Register',
  description: 'Each bin or load taken off site: stream, weight, contractor and destination, with the share recycled.',
  templateCode: 'WASTE-001',
  formName: 'Waste Removal',
  type: 'register',
  definition: {
    fields: [
      section('collection', 'Collection'),
      { id: 'date', type: 'date', label: 'Collection date', required: true, defaultToToday: true },
      { id: 'contractor', type: 'singleLineText', label: 'Waste contractor', required: true },
      { id: 'docket', type: 'singleLineText', label: 'Docket or weighbridge ticket', required: true },
      section('loads', 'Loads'),
      {
        id: 'loads',
        type: 'defaultTable',
        label: 'Loads removed',
        required: true,
        columns: [
          { id: 'stream', heading: 'Stream', width: 'M', cellType: 'dropdown', options: streams },
          { id: 'tonnes', heading: 'Tonnes', width: 'XS', cellType: 'number' },
          { id: 'recycled', heading: 'Recycled tonnes', width: 'XS', cellType: 'number' },
          { id: 'destination', heading: 'Destination', width: 'M', cellType: 'text' },
        ],
      },
      { id: 'tonnes-total', type: 'formula', label: 'Tonnes removed', expression: 'SUM({loads.tonnes})', decimals: 2 },
      {
        id: 'recycled-total',
        type: 'formula',
        label: 'Tonnes recycled',
        expression: 'SUM({loads.recycled})',
        decimals: 2,
      },
      {
        id: 'diversion',
        type: 'formula',
        label: 'Diverted from landfill (%)',
        expression: 'IF(SUM({loads.tonnes}) > 0, ROUND(SUM({loads.recycled}) / SUM({loads.tonnes}) * 100, 1), 0)',
        decimals: 1,
      },
      { id: 'hazardous', type: 'yesNo', label: 'Did any load hold hazardous waste?', required: true },
      { id: 'tracking', type: 'singleLineText', label: 'Waste tracking certificate number' },
      { id: 'ticket', type: 'photos', label: 'Photo of the ticket', size: 'S' },
      { id: 'signature', type: 'signature', label: 'Recorded by', required: true },
    ],
    logic: [
      {
        id: 'hazardous-logic',
        triggerFieldId: 'hazardous',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['tracking'],
      },
    ],
    header: header('Waste Removal Register'),
    footer: footer(),
  },
};
