import { randomUUID } from 'node:crypto';
import {
  type TemplateDefinitionInput,
  type TemplateType,
  templateDefinitionSchema,
} from '@formwork/shared/templates/template-definition';
import { validateTemplate } from '@formwork/shared/templates/validate-template';
import {
  auditEvents,
  templateDeployments,
  templates,
  templateTabLinks,
  templateTabs,
  templateVersions,
} from '../db/schema.ts';
import type { Tx } from '../db/tenant.ts';
import { applyRegisterOrder } from '../modules/forms/register-order.service.ts';
import { templateListErrors } from '../modules/lists/list-fields.service.ts';
import type { DemoList } from './demo-lists.ts';

/** Team positions in the demo tree: 0 Civil Works, 1 Electrical, 2 Site Safety (in every project). */
const civil = 0;
const safety = 2;

type DemoTemplate = {
  name: string;
  templateCode: string;
  formName: string;
  type: TemplateType;
  tabs: ('Safety' | 'Daily')[];
  /** Which teams (by position in each project) it is deployed to; 'all' for every team. */
  teams: number[] | 'all';
  definition: TemplateDefinitionInput;
};

const options = (...labels: string[]) =>
  labels.map((label) => ({ id: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label }));

const checklistItems = [
  'Access and egress clear',
  'Edge protection in place',
  'Scaffolds tagged and inspected',
  'Housekeeping acceptable',
  'PPE worn by all workers',
  'Fire extinguishers serviced',
  'Electrical leads tagged and tested',
];

export const demoTemplates: DemoTemplate[] = [
  {
    name: 'Daily Site Diary',
    templateCode: 'DSD-001',
    formName: 'Site Diary',
    type: 'timeline',
    tabs: ['Daily'],
    teams: 'all',
    definition: {
      fields: [
        { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
        {
          id: 'weather',
          type: 'dropdown',
          label: 'Weather',
          options: options('Sunny', 'Cloudy', 'Rain', 'Wind', 'Storm'),
        },
        { id: 'temperature', type: 'number', label: 'Temperature', unit: '°C' },
        { id: 'supervisor', type: 'singlePerson', label: 'Site supervisor', required: true },
        {
          id: 'workforce',
          type: 'defaultTable',
          label: 'Workforce on site',
          columns: [
            { id: 'trade', heading: 'Trade', width: 'M', cellType: 'text' },
            { id: 'company', heading: 'Company', width: 'L', cellType: 'text' },
            { id: 'workers', heading: 'Workers', width: 'XS', cellType: 'number' },
            { id: 'hours', heading: 'Hours', width: 'XS', cellType: 'number' },
          ],
        },
        { id: 'plant', type: 'multiLineText', label: 'Plant and equipment on site' },
        { id: 'work', type: 'multiLineText', label: 'Work completed today', required: true },
        { id: 'delays', type: 'yesNo', label: 'Any delays today?', withText: true },
        { id: 'delay-details', type: 'multiLineText', label: 'Delay details (cause, trades affected)' },
        { id: 'delay-hours', type: 'number', label: 'Hours lost', decimals: 1 },
        { id: 'photos', type: 'photos', label: 'Progress photos', size: 'M' },
        { id: 'break', type: 'pageBreak' },
        { id: 'signature', type: 'signature', label: 'Supervisor signature', required: true },
      ],
      logic: [
        {
          id: 'delay-logic',
          triggerFieldId: 'delays',
          conditions: [{ operator: 'equals', value: 'yes' }],
          fieldIds: ['delay-details', 'delay-hours'],
        },
      ],
      pdfFilename: {
        parts: [
          { kind: 'metadata', key: 'templateName' },
          { kind: 'metadata', key: 'teamName' },
          { kind: 'metadata', key: 'createdDate' },
          { kind: 'metadata', key: 'formNumber' },
        ],
      },
    },
  },
  {
    name: 'Site Inspection Checklist',
    templateCode: 'SIC-001',
    formName: 'Site Inspection',
    type: 'timeline',
    tabs: ['Safety'],
    teams: [civil, safety],
    definition: {
      fields: [
        { id: 'when', type: 'dateTime', label: 'Inspection date and time', required: true, defaultToNow: true },
        { id: 'inspector', type: 'singlePerson', label: 'Inspector', required: true },
        {
          id: 'area',
          type: 'dropdown',
          label: 'Area inspected',
          options: options('Ground floor', 'Level 1', 'Level 2', 'Roof', 'Site compound', 'Laydown area'),
        },
        ...checklistItems.map((label, i) => ({
          id: `item-${i + 1}`,
          type: 'yesNoNa' as const,
          label,
          required: true,
          withText: true,
          textLabel: 'Comment',
        })),
        { id: 'edge-photos', type: 'photos', label: 'Edge protection defects', size: 'L' },
        { id: 'photos', type: 'photos', label: 'Inspection photos', size: 'M' },
        { id: 'actions', type: 'actions', label: 'Corrective actions' },
        { id: 'signature', type: 'signature', label: 'Inspector signature', required: true },
      ],
      logic: [
        {
          id: 'edge-protection-defect',
          triggerFieldId: 'item-2',
          conditions: [{ operator: 'equals', value: 'no' }],
          fieldIds: ['edge-photos'],
          actions: [{ type: 'createAction', title: 'Rectify edge protection' }],
        },
      ],
    },
  },
  {
    name: 'Toolbox Talk',
    templateCode: 'TBT-001',
    formName: 'Toolbox Talk',
    type: 'timeline',
    tabs: ['Safety', 'Daily'],
    teams: 'all',
    definition: {
      fields: [
        { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
        { id: 'presenter', type: 'singlePerson', label: 'Presented by', required: true },
        { id: 'topic', type: 'singleLineText', label: 'Topic', required: true },
        {
          id: 'intro',
          type: 'prefilledText',
          label: 'Before you start',
          text: 'Keep it short and practical. Discuss the hazards of today’s work and how each is controlled.',
        },
        {
          id: 'hazards',
          type: 'multipleChoice',
          label: 'Hazards discussed',
          allowMultiple: true,
          options: options(
            'Working at heights',
            'Manual handling',
            'Mobile plant',
            'Electrical',
            'Excavations',
            'Heat stress',
          ),
        },
        { id: 'questions', type: 'multiLineText', label: 'Questions and concerns raised' },
        {
          id: 'attendance',
          type: 'signOnTable',
          label: 'Attendance',
          statement: 'By signing I confirm I attended this toolbox talk and understood its content.',
          columns: [{ id: 'trade', heading: 'Trade', width: 'S', cellType: 'text' }],
        },
      ],
    },
  },
  {
    name: 'Incident Report',
    templateCode: 'IR-001',
    formName: 'Incident',
    type: 'workflow',
    tabs: ['Safety'],
    teams: [safety],
    definition: {
      workflow: {
        columns: [
          { id: 'reported', name: 'Reported' },
          { id: 'investigating', name: 'Investigating' },
          { id: 'closed', name: 'Closed' },
        ],
      },
      fields: [
        { id: 'when', type: 'dateTime', label: 'Date and time of incident', required: true },
        { id: 'where', type: 'location', label: 'Location' },
        {
          id: 'kind',
          type: 'dropdown',
          label: 'Incident type',
          required: true,
          options: options(
            'Near miss',
            'First aid',
            'Medical treatment',
            'Lost time',
            'Property damage',
            'Environmental',
          ),
        },
        { id: 'description', type: 'multiLineText', label: 'What happened?', required: true },
        { id: 'injury', type: 'yesNo', label: 'Was anyone injured?' },
        { id: 'injured', type: 'person', label: 'Injured person(s)' },
        { id: 'injury-details', type: 'multiLineText', label: 'Nature of injury and treatment given' },
        { id: 'photos', type: 'photos', label: 'Scene photos', size: 'L' },
        { id: 'break', type: 'pageBreak' },
        { id: 'root-cause', type: 'multiLineText', label: 'Root cause' },
        { id: 'corrective', type: 'actions', label: 'Corrective actions' },
        {
          id: 'investigation-approval',
          type: 'approvalSignature',
          label: 'Investigation started (site manager)',
          columnId: 'investigating',
        },
        {
          id: 'close-approval',
          type: 'approvalSignature',
          label: 'Close-out approved (safety manager)',
          columnId: 'closed',
        },
        {
          id: 'executive-review',
          type: 'approvalSignature',
          label: 'Executive review (lost time injuries)',
          logic: { triggerFieldId: 'kind', conditions: [{ operator: 'equals', value: 'lost-time' }] },
        },
      ],
      logic: [
        {
          id: 'injury-logic',
          triggerFieldId: 'injury',
          conditions: [{ operator: 'equals', value: 'yes' }],
          fieldIds: ['injured', 'injury-details'],
          actions: [{ type: 'notify', emails: ['safety@acme.example'] }],
        },
      ],
      pdfFilename: {
        parts: [
          { kind: 'metadata', key: 'templateId' },
          { kind: 'metadata', key: 'formNumber' },
          { kind: 'field', fieldId: 'kind' },
        ],
        letterCase: 'uppercase',
      },
    },
  },
  {
    name: 'Plant Register',
    templateCode: 'PR-001',
    formName: 'Plant Item',
    type: 'register',
    tabs: [],
    teams: [civil],
    definition: {
      fields: [
        { id: 'plant-id', type: 'singleLineText', label: 'Plant ID', required: true },
        {
          id: 'plant-type',
          type: 'dropdown',
          label: 'Plant type',
          options: options('Excavator', 'Loader', 'Crane', 'Elevating work platform', 'Roller', 'Generator'),
        },
        { id: 'make-model', type: 'singleLineText', label: 'Make and model' },
        { id: 'serial', type: 'singleLineText', label: 'Serial or registration number' },
        { id: 'owner', type: 'singleLineText', label: 'Owner or hire company' },
        { id: 'on-hire', type: 'date', label: 'On-hire date' },
        { id: 'registration-expiry', type: 'expiryDate', label: 'Registration expiry', warnDaysBefore: 30 },
        { id: 'service-due', type: 'expiryDate', label: 'Next service due', warnDaysBefore: 14 },
        { id: 'prestart', type: 'yesNo', label: 'Pre-start checklist completed?' },
        { id: 'photo', type: 'photos', label: 'Plant photo', size: 'S' },
        { id: 'path', type: 'filePath', label: 'Location in workspace' },
        { id: 'code', type: 'templateId', label: 'Template ID' },
        { id: 'version', type: 'templateVersion', label: 'Template version' },
      ],
      registerOrder: { fieldId: 'plant-id', direction: 'asc' },
    },
  },
];

/**
 * Issue 18.6: templates whose fields read the demo lists: a plant pre-start check (the plant, its
 * ID, type and next service from the Plant list) for the civil teams, and a subcontractor sign-in
 * (trade and contact from the Subcontractors list) for the safety teams.
 */
export function listDemoTemplates(lists: { plant: DemoList; subcontractors: DemoList }): DemoTemplate[] {
  const plant = lists.plant.properties;
  const subs = lists.subcontractors.properties;
  return [
    {
      name: 'Plant Pre-start Check',
      templateCode: 'PPC-001',
      formName: 'Pre-start',
      type: 'register',
      tabs: ['Daily'],
      teams: [civil],
      definition: {
        fields: [
          { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
          { id: 'plant', type: 'list', label: 'Plant', required: true, listId: lists.plant.listId },
          {
            id: 'plant-id',
            type: 'listProperty',
            label: 'Plant ID',
            sourceFieldId: 'plant',
            property: plant['Plant ID'],
          },
          { id: 'plant-type', type: 'listProperty', label: 'Type', sourceFieldId: 'plant', property: plant.Type },
          {
            id: 'next-service',
            type: 'listProperty',
            label: 'Next service',
            sourceFieldId: 'plant',
            property: plant['Next service'],
          },
          { id: 'hours', type: 'number', label: 'Hour meter at start', decimals: 0 },
          { id: 'guards', type: 'yesNo', label: 'Guards and covers in place' },
          { id: 'leaks', type: 'yesNo', label: 'Free of fluid leaks' },
          { id: 'alarm', type: 'yesNo', label: 'Reversing alarm and lights working' },
          { id: 'operator', type: 'signature', label: 'Operator' },
        ],
        registerOrder: { fieldId: 'date', direction: 'desc' },
      },
    },
    {
      name: 'Subcontractor Sign-in',
      templateCode: 'SSI-001',
      formName: 'Sign-in',
      type: 'timeline',
      tabs: ['Safety'],
      teams: [safety],
      definition: {
        fields: [
          { id: 'date', type: 'date', label: 'Date', required: true, defaultToToday: true },
          {
            id: 'subcontractor',
            type: 'list',
            label: 'Subcontractor',
            required: true,
            listId: lists.subcontractors.listId,
          },
          { id: 'trade', type: 'listProperty', label: 'Trade', sourceFieldId: 'subcontractor', property: subs.Trade },
          {
            id: 'contact',
            type: 'listProperty',
            label: 'Contact',
            sourceFieldId: 'subcontractor',
            property: subs.Contact,
          },
          { id: 'workers', type: 'number', label: 'Workers on site', decimals: 0, min: 0 },
          { id: 'inducted', type: 'yesNo', label: 'All workers inducted' },
        ],
      },
    },
  ];
}

/**
 * Step of the demo seed: the templates above in the Template Library, deployed to the teams named,
 * in the tabs 'Safety' (red) and 'Daily' (dark-blue). Each definition passes the same validation as
 * a save (on the premium plan the demo workspace has).
 */
export async function seedDemoTemplates(
  tx: Tx,
  demo: {
    workspaceId: string;
    actorUserId: string;
    teamIds: string[][];
    lists: { plant: DemoList; subcontractors: DemoList };
  },
): Promise<void> {
  const { workspaceId, actorUserId } = demo;
  const tabIds = { Safety: randomUUID(), Daily: randomUUID() };
  await tx.insert(templateTabs).values([
    { workspaceId, tabId: tabIds.Safety, name: 'Safety', style: 'red', sortValue: 0 },
    { workspaceId, tabId: tabIds.Daily, name: 'Daily', style: 'dark-blue', sortValue: 1 },
  ]);
  const events: (typeof auditEvents.$inferInsert)[] = [];
  for (const demoTemplate of [...demoTemplates, ...listDemoTemplates(demo.lists)]) {
    const definition = templateDefinitionSchema.parse(demoTemplate.definition);
    const issues = [
      ...validateTemplate({ ...demoTemplate, definition }, { plan: 'premium' }),
      ...(await templateListErrors(tx, workspaceId, { kind: 'company', path: [workspaceId] }, definition.fields)),
    ];
    if (issues.length > 0) throw new Error(`Demo template ${demoTemplate.name}: ${JSON.stringify(issues)}`);
    const templateId = randomUUID();
    const { name, templateCode, formName, type } = demoTemplate;
    await tx.insert(templates).values({
      workspaceId,
      templateId,
      folderId: workspaceId,
      name,
      templateCode,
      formName,
      type,
      createdBy: actorUserId,
      updatedBy: actorUserId,
    });
    await tx.insert(templateVersions).values({
      workspaceId,
      templateId,
      version: 1,
      name,
      templateCode,
      formName,
      definition,
      createdBy: actorUserId,
    });
    await applyRegisterOrder(tx, { workspaceId, templateId, folderId: workspaceId, definition }, actorUserId);
    if (demoTemplate.tabs.length > 0) {
      await tx
        .insert(templateTabLinks)
        .values(demoTemplate.tabs.map((tab) => ({ workspaceId, templateId, tabId: tabIds[tab] })));
    }
    const positions = demoTemplate.teams;
    const teams = demo.teamIds.flatMap((projectTeams) =>
      projectTeams.filter((_, t) => positions === 'all' || positions.includes(t)),
    );
    await tx
      .insert(templateDeployments)
      .values(teams.map((teamId) => ({ workspaceId, templateId, teamId, deployedBy: actorUserId })));
    events.push({
      workspaceId,
      actorUserId,
      folderPath: [workspaceId],
      action: 'template.created',
      subjectType: 'template',
      subjectId: templateId,
      details: { name, templateCode, type },
    });
  }
  await tx.insert(auditEvents).values(events);
}
