import { type CatalogueEntry, checklist, footer, header, section } from './build.ts';

export const vehiclePrestart: CatalogueEntry = {
  libraryTemplateId: 'vehicle-prestart',
  category: 'plant',
  name: 'Light Vehicle Pre-start',
  description: 'A driver’s check of a site ute or van before the shift, with the odometer and any defects.',
  templateCode: 'LV-001',
  formName: 'Vehicle Pre-start',
  type: 'timeline',
  definition: {
    fields: [
      section('vehicle', 'Vehicle'),
      { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
      { id: 'rego', type: 'singleLineText', label: 'Registration', required: true },
      { id: 'driver', type: 'singlePerson', label: 'Driver', required: true },
      { id: 'odometer', type: 'number', label: 'Odometer', unit: 'km', required: true, min: 0, decimals: 0 },
      { id: 'licence-expiry', type: 'expiryDate', label: 'Driver licence expiry', required: true, warnDaysBefore: 30 },
      section('checks', 'Checks'),
      ...checklist('check', [
        'Tyres, including the spare',
        'Lights and indicators',
        'Windscreen, wipers and mirrors',
        'Brakes',
        'First aid kit and fire extinguisher',
        'Load restrained',
        'Clean and free of loose items in the cabin',
      ]),
      {
        id: 'fuel',
        type: 'dropdown',
        label: 'Fuel level',
        options: [
          { id: 'full', label: 'Full' },
          { id: 'half', label: 'Half' },
          { id: 'low', label: 'Low' },
        ],
      },
      { id: 'defects', type: 'yesNo', label: 'Are there defects to report?', required: true },
      { id: 'defect-details', type: 'multiLineText', label: 'Defects' },
      { id: 'photos', type: 'photos', label: 'Photos of defects', size: 'S' },
      { id: 'signature', type: 'signature', label: 'Driver signature', required: true },
    ],
    logic: [
      {
        id: 'defect-logic',
        triggerFieldId: 'defects',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['defect-details', 'photos'],
        actions: [{ type: 'createAction', title: 'Repair vehicle defect' }],
      },
    ],
    header: header('Light Vehicle Pre-start'),
    footer: footer(),
  },
};
