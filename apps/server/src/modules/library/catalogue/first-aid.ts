import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const firstAid: CatalogueEntry = {
  libraryTemplateId: 'first-aid-treatment',
  category: 'safety',
  name: 'First Aid Treatment Record',
  description: 'Record first aid given on site, what was used from the kit, and whether the person returned to work.',
  templateCode: 'FA-001',
  formName: 'First Aid',
  type: 'register',
  definition: {
    fields: [
      section('patient', 'Patient'),
      { id: 'when', type: 'dateTime', label: 'Date and time', required: true, defaultToNow: true },
      { id: 'name', type: 'singleLineText', label: 'Name', required: true },
      { id: 'company', type: 'singleLineText', label: 'Company', required: true },
      { id: 'injury', type: 'multiLineText', label: 'Injury or illness', required: true },
      section('treatment', 'Treatment'),
      { id: 'first-aider', type: 'singlePerson', label: 'First aider', required: true },
      { id: 'treatment', type: 'multiLineText', label: 'Treatment given', required: true },
      {
        id: 'kit-used',
        type: 'defaultTable',
        label: 'First aid kit items used',
        columns: [
          { id: 'item', heading: 'Item', width: 'L', cellType: 'text' },
          { id: 'qty', heading: 'Quantity', width: 'XS', cellType: 'number' },
        ],
      },
      {
        id: 'outcome',
        type: 'dropdown',
        label: 'Outcome',
        required: true,
        options: options('Returned to work', 'Went home', 'Referred to doctor', 'Ambulance called'),
      },
      { id: 'incident-raised', type: 'yesNo', label: 'Has an incident report been raised?' },
      { id: 'signature', type: 'manualSignature', label: 'Patient signature', required: true },
    ],
    logic: [
      {
        id: 'referral-logic',
        triggerFieldId: 'outcome',
        match: 'any',
        conditions: [
          { operator: 'equals', value: 'referred-to-doctor' },
          { operator: 'equals', value: 'ambulance-called' },
        ],
        fieldIds: ['incident-raised'],
        actions: [{ type: 'createAction', title: 'Raise an incident report for this treatment' }],
      },
    ],
    header: header('First Aid Treatment'),
    footer: footer('Confidential'),
  },
};
