import { type CatalogueEntry, checklist, footer, header, section } from './build.ts';

export const environmentalInspection: CatalogueEntry = {
  libraryTemplateId: 'environmental-inspection',
  category: 'environment',
  name: 'Environmental Site Inspection',
  description:
    'The weekly environmental walk: erosion and sediment controls, dust, noise, waste, chemicals storage and water, with actions.',
  templateCode: 'ENV-001',
  formName: 'Environmental Inspection',
  type: 'timeline',
  definition: {
    fields: [
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      { id: 'inspector', type: 'singlePerson', label: 'Inspector', required: true },
      { id: 'rain', type: 'number', label: 'Rain in the last 24 hours', unit: 'mm', min: 0, decimals: 1 },
      section('erosion', 'Erosion and sediment'),
      ...checklist('erosion', [
        'Silt fences intact and not overtopped',
        'Stormwater pits protected',
        'Stockpiles covered or stabilised',
        'Site exit clean, no tracking onto roads',
      ]),
      section('nuisance', 'Dust and noise'),
      ...checklist('nuisance', [
        'Dust controlled (water cart, sprinklers)',
        'Work within permitted hours',
        'Plant fitted with mufflers',
      ]),
      section('waste', 'Waste and chemicals'),
      ...checklist('waste', [
        'Waste sorted into the right bins',
        'Chemicals in bunded storage with safety data sheets',
        'Spill kit stocked and at hand',
      ]),
      { id: 'complaints', type: 'yesNo', label: 'Were there community complaints this week?', required: true },
      { id: 'complaint-details', type: 'multiLineText', label: 'Complaints and responses' },
      { id: 'photos', type: 'photos', label: 'Photos', size: 'M' },
      { id: 'actions', type: 'actions', label: 'Actions' },
      { id: 'signature', type: 'signature', label: 'Inspector signature', required: true },
    ],
    logic: [
      {
        id: 'complaint-logic',
        triggerFieldId: 'complaints',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['complaint-details'],
        actions: [{ type: 'flag', colour: 'orange' }],
      },
    ],
    header: header('Environmental Inspection'),
    footer: footer(),
  },
};
