import { type CatalogueEntry, footer, header, options, section } from './build.ts';

export const materialsReceived: CatalogueEntry = {
  libraryTemplateId: 'materials-received',
  category: 'site',
  name: 'Materials Receipt',
  description:
    'Check a delivery against its docket: quantities ordered and received, damage, the docket photo and where it was stored.',
  templateCode: 'MAT-001',
  formName: 'Materials Receipt',
  type: 'register',
  definition: {
    fields: [
      section('delivery', 'Delivery'),
      { id: 'received', type: 'dateTime', label: 'Received at', required: true, defaultToNow: true },
      { id: 'supplier', type: 'singleLineText', label: 'Supplier', required: true },
      { id: 'docket', type: 'singleLineText', label: 'Docket number', required: true },
      { id: 'order', type: 'singleLineText', label: 'Purchase order' },
      section('items', 'Items'),
      {
        id: 'items',
        type: 'defaultTable',
        label: 'Items delivered',
        required: true,
        columns: [
          { id: 'item', heading: 'Item', width: 'L', cellType: 'text' },
          { id: 'ordered', heading: 'Ordered', width: 'XS', cellType: 'number' },
          { id: 'delivered', heading: 'Received', width: 'XS', cellType: 'number' },
          { id: 'short', heading: 'Short', width: 'XS', cellType: 'formula', expression: '{ordered} - {delivered}' },
          { id: 'unit', heading: 'Unit', width: 'XS', cellType: 'text' },
        ],
      },
      {
        id: 'short-total',
        type: 'formula',
        label: 'Units short in total',
        expression: 'SUM({items.short})',
        decimals: 0,
      },
      {
        id: 'condition',
        type: 'dropdown',
        label: 'Condition',
        required: true,
        options: options('Good', 'Damaged', 'Wrong item'),
      },
      { id: 'damage', type: 'multiLineText', label: 'What was damaged or wrong' },
      { id: 'damage-photos', type: 'photos', label: 'Photos of the damage', size: 'M' },
      { id: 'docket-photo', type: 'photos', label: 'Photo of the docket', size: 'S', required: true },
      { id: 'storage', type: 'singleLineText', label: 'Stored at' },
      { id: 'signature', type: 'signature', label: 'Received by', required: true },
    ],
    logic: [
      {
        id: 'damage-logic',
        triggerFieldId: 'condition',
        conditions: [{ operator: 'notEquals', value: 'good' }, { operator: 'isNotEmpty' }],
        match: 'all',
        fieldIds: ['damage', 'damage-photos'],
        actions: [{ type: 'createAction', title: 'Return or claim the damaged delivery' }],
      },
    ],
    header: header('Materials Receipt'),
    footer: footer(),
  },
};
