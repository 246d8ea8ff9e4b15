import { type CatalogueEntry, checklist, footer, header, section } from './build.ts';

export const siteInduction: CatalogueEntry = {
  libraryTemplateId: 'site-induction',
  category: 'safety',
  name: 'Site Induction Record',
  description:
    'Induct a new worker: their details, tickets and expiry dates, the site rules covered, and their signature.',
  templateCode: 'IND-001',
  formName: 'Induction',
  type: 'register',
  definition: {
    fields: [
      section('worker', 'Worker'),
      { id: 'name', type: 'singleLineText', label: 'Full name', required: true },
      { id: 'company', type: 'singleLineText', label: 'Company', required: true },
      { id: 'trade', type: 'singleLineText', label: 'Trade or role', required: true },
      { id: 'phone', type: 'singleLineText', label: 'Mobile number', required: true },
      { id: 'emergency-contact', type: 'singleLineText', label: 'Emergency contact (name and phone)', required: true },
      {
        id: 'general-card',
        type: 'singleLineText',
        label: 'General construction induction card number',
        required: true,
      },
      { id: 'has-licence', type: 'yesNo', label: 'Does the worker hold a high-risk work licence?', required: true },
      { id: 'licence-class', type: 'singleLineText', label: 'Licence class' },
      { id: 'licence-expiry', type: 'expiryDate', label: 'Licence expiry', warnDaysBefore: 30 },
      { id: 'tickets', type: 'photos', label: 'Photos of cards and licences', size: 'S' },
      section('covered', 'Site rules covered'),
      ...checklist('rule', [
        'Site layout, amenities and first aid',
        'Emergency procedures and assembly point',
        'PPE requirements',
        'Permits, exclusion zones and barricades',
        'Incident and hazard reporting',
        'Drugs, alcohol and fitness for work',
      ]),
      { id: 'date', type: 'date', label: 'Inducted on', required: true, defaultToToday: true },
      { id: 'inductor', type: 'singlePerson', label: 'Inducted by', required: true },
      { id: 'worker-signature', type: 'manualSignature', label: 'Worker signature', required: true },
    ],
    logic: [
      {
        id: 'licence-logic',
        triggerFieldId: 'has-licence',
        conditions: [{ operator: 'equals', value: 'yes' }],
        fieldIds: ['licence-class', 'licence-expiry'],
      },
    ],
    header: header('Site Induction'),
    footer: footer(),
  },
};
