// Drizzle's view of the tables that migrations/ create. The SQL files are the source of truth;
// the tenancy catalog test checks the database, and the integration tests check these match.
import type { Locale } from '@formwork/shared/locales';
import { accountTypes, plans, subscriptionStatuses, subscriptionTerms } from '@formwork/shared/permissions';
import { tabStyles } from '@formwork/shared/schemas/tabs';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  userId: uuid('user_id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  mobile: text('mobile'),
  passwordHash: text('password_hash'),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
  isAdmin: boolean('is_admin').notNull().default(false),
  isSso: boolean('is_sso').notNull().default(false),
  isVisitorOnly: boolean('is_visitor_only').notNull().default(false),
  activated: boolean('activated').notNull().default(true),
  /** 0022_profile.sql: the person's IANA time zone (null: the browser's) and locale. */
  timeZone: text('time_zone'),
  /** 0069: the locale the person chose (null: not chosen, the workspace's default applies). */
  locale: text('locale').$type<Locale>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** 0022_profile.sql: a person's profile picture and signature, one current image of each kind. */
export const userImages = pgTable(
  'user_images',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: ['picture', 'signature'] }).notNull(),
    source: text('source', { enum: ['uploaded', 'drawn', 'default'] }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * 0010_accounts: who holds the subscription of one or more workspaces. Global (keyed by account),
 * readable from its workspaces. Its plan_type is the one source of a workspace's plan; users used
 * are counted when asked, never stored.
 */
export const accounts = pgTable('accounts', {
  accountId: uuid('account_id').primaryKey(),
  name: text('name').notNull(),
  accountType: text('account_type', { enum: accountTypes }).notNull(),
  planType: text('plan_type', { enum: plans }).notNull(),
  subscriptionStatus: text('subscription_status', { enum: subscriptionStatuses }).notNull(),
  trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
  /** 0024_account_billing: the paid subscription's term and licences paid; null and 0 on a trial. */
  subscriptionTerm: text('subscription_term', { enum: subscriptionTerms }),
  contributorUsersPaid: integer('contributor_users_paid').notNull().default(0),
  paidUsersPaid: integer('paid_users_paid').notNull().default(0),
  /** 0028_checkout: when the job after a checkout last recalculated the billing. */
  billingRecalculatedAt: timestamp('billing_recalculated_at', { withTimezone: true }),
  /** 0074_billing_contact: who billing goes to (Global Billing); both null until set. */
  billingContactName: text('billing_contact_name'),
  billingContactEmail: text('billing_contact_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A workspace's plan is its account's (0010). */
export const workspaces = pgTable('workspaces', {
  workspaceId: uuid('workspace_id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  brandColour: text('brand_colour'),
  archived: boolean('archived').notNull().default(false),
  region: text('region').notNull(),
  /** IANA zone PDFs and exports show times in (0020_workspace_time_zone.sql). */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** 0022_profile.sql: feature toggles, a JSON object of names to true/false (feature-toggles.ts). */
  featureToggles: jsonb('feature_toggles').notNull().default({}),
  /** 0039_workspace_settings.sql: the workspace's language, logos and document settings (issue 23.1). */
  locale: text('locale').notNull().default('en-US'),
  logoFileId: uuid('logo_file_id'),
  pdfLogoFileId: uuid('pdf_logo_file_id'),
  documentSettings: jsonb('document_settings').notNull().default({}),
  /** 0021_invitations.sql: whether visitors may be added (spec 5.3; Settings > Feature Access). */
  visitorsAllowed: boolean('visitors_allowed').notNull().default(true),
  /** 0040_joint_venture.sql: a joint venture's domain and parent domains (spec 5.4), or null. */
  jointVenture: jsonb('joint_venture'),
  accountId: uuid('account_id').notNull(),
  /** Bumped by a trigger whenever the workspace's folders change (0012_folders_version.sql). */
  foldersVersion: bigint('folders_version', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workspaceUsers = pgTable(
  'workspace_users',
  {
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id').notNull(),
    userType: text('user_type', { enum: ['contributor', 'visitor'] }).notNull(),
    /** Set when an org controller deactivated the person here (0021_invitations.sql). */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] })],
);

export const folders = pgTable(
  'folders',
  {
    workspaceId: uuid('workspace_id').notNull(),
    folderId: uuid('folder_id').notNull(),
    kind: text('kind', { enum: ['company', 'project', 'team'] }).notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    state: text('state', { enum: ['active', 'archived', 'deleted'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** 0003: archived by the archiving of its project; restored with it. */
    archivedWithProject: boolean('archived_with_project').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.folderId] })],
);

export const memberships = pgTable(
  'memberships',
  {
    workspaceId: uuid('workspace_id').notNull(),
    folderId: uuid('folder_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['controller', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.folderId, t.userId] })],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    workspaceId: uuid('workspace_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    folderPath: uuid('folder_path').array().notNull().default([]),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.eventId] })],
);

export const files = pgTable(
  'files',
  {
    workspaceId: uuid('workspace_id').notNull(),
    fileId: uuid('file_id').notNull(),
    folderId: uuid('folder_id').notNull(),
    purpose: text('purpose', { enum: ['photo', 'image', 'logo', 'signature', 'sketch'] }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    location: jsonb('location').$type<{ latitude: number; longitude: number } | null>(),
    /** The name of the file the user uploaded, if any (0026_file_names.sql). */
    fileName: text('file_name'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.fileId] })],
);

/** 0005_templates: a template in the Template Library (folder = company) or of a team. */
export const templates = pgTable(
  'templates',
  {
    workspaceId: uuid('workspace_id').notNull(),
    templateId: uuid('template_id').notNull(),
    folderId: uuid('folder_id').notNull(),
    name: text('name').notNull(),
    templateCode: text('template_code').notNull(),
    formName: text('form_name').notNull(),
    type: text('type', { enum: ['timeline', 'workflow', 'register'] }).notNull(),
    state: text('state', { enum: ['active', 'archived', 'deleted'] })
      .notNull()
      .default('active'),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateId] })],
);

/** Immutable: one row per save, with the whole definition. */
export const templateVersions = pgTable(
  'template_versions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    templateId: uuid('template_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    templateCode: text('template_code').notNull(),
    formName: text('form_name').notNull(),
    definition: jsonb('definition').$type<unknown>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateId, t.version] })],
);

export const templateTabs = pgTable(
  'template_tabs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    tabId: uuid('tab_id').notNull(),
    name: text('name').notNull(),
    style: text('style', { enum: tabStyles }).notNull(),
    sortValue: integer('sort_value').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.tabId] })],
);

export const templateTabLinks = pgTable(
  'template_tab_links',
  {
    workspaceId: uuid('workspace_id').notNull(),
    templateId: uuid('template_id').notNull(),
    tabId: uuid('tab_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateId, t.tabId] })],
);

export const templateDeployments = pgTable(
  'template_deployments',
  {
    workspaceId: uuid('workspace_id').notNull(),
    templateId: uuid('template_id').notNull(),
    teamId: uuid('team_id').notNull(),
    deployedBy: uuid('deployed_by'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateId, t.teamId] })],
);

/** 0007_forms: a form of a template in a team folder; `version` is its optimistic-concurrency counter. */
export const forms = pgTable(
  'forms',
  {
    workspaceId: uuid('workspace_id').notNull(),
    formId: uuid('form_id').notNull(),
    templateId: uuid('template_id').notNull(),
    templateVersion: integer('template_version').notNull(),
    folderId: uuid('folder_id').notNull(),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    state: text('state', { enum: ['active', 'archived', 'deleted'] })
      .notNull()
      .default('active'),
    workflowColumn: integer('workflow_column'),
    version: integer('version').notNull().default(1),
    fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull().default({}),
    textCells: jsonb('text_cells').$type<Record<string, string>>().notNull().default({}),
    createHash: text('create_hash').notNull(),
    clonedFrom: uuid('cloned_from'),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.formId] })],
);

export const formCounters = pgTable(
  'form_counters',
  {
    workspaceId: uuid('workspace_id').notNull(),
    templateId: uuid('template_id').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateId] })],
);

/** Immutable: one row per change of a form. */
export const formVersions = pgTable(
  'form_versions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    formId: uuid('form_id').notNull(),
    version: integer('version').notNull(),
    change: text('change').notNull(),
    state: text('state').notNull(),
    workflowColumn: integer('workflow_column'),
    fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull(),
    savedBy: uuid('saved_by'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.formId, t.version] })],
);

export const workflowSignatures = pgTable(
  'workflow_signatures',
  {
    workspaceId: uuid('workspace_id').notNull(),
    formId: uuid('form_id').notNull(),
    columnIndex: integer('column_index').notNull(),
    fieldId: text('field_id'),
    fileId: uuid('file_id').notNull(),
    signerName: text('signer_name'),
    signedBy: uuid('signed_by'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    formVersion: integer('form_version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.formId, t.columnIndex] })],
);

/** Background jobs of a workspace (exports), claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    jobId: uuid('job_id').notNull(),
    kind: text('kind').notNull(),
    state: text('state', { enum: ['queued', 'running', 'succeeded', 'failed'] })
      .notNull()
      .default('queued'),
    folderId: uuid('folder_id').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.jobId] })],
);

/** 0009_actions: an action in a team folder, optionally on a form; draft -> assigned -> completed. */
export const actions = pgTable(
  'actions',
  {
    workspaceId: uuid('workspace_id').notNull(),
    actionId: uuid('action_id').notNull(),
    folderId: uuid('folder_id').notNull(),
    formId: uuid('form_id'),
    fieldId: text('field_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    priority: text('priority', { enum: ['low', 'medium', 'high'] })
      .notNull()
      .default('medium'),
    assigneeId: uuid('assignee_id'),
    state: text('state', { enum: ['draft', 'assigned', 'completed'] })
      .notNull()
      .default('draft'),
    version: integer('version').notNull().default(1),
    createHash: text('create_hash').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.actionId] })],
);

/** 0027_lists: a list in the company (List Library) or a project (issue 18). */
export const lists = pgTable(
  'lists',
  {
    workspaceId: uuid('workspace_id').notNull(),
    listId: uuid('list_id').notNull(),
    folderId: uuid('folder_id').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /** 0031_list_deployments: the company list a project's deployed copy was made from. */
    sourceListId: uuid('source_list_id'),
    deployment: text('deployment', { enum: ['empty', 'populated'] }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.listId] })],
);

export const listProperties = pgTable(
  'list_properties',
  {
    workspaceId: uuid('workspace_id').notNull(),
    listId: uuid('list_id').notNull(),
    propertyId: uuid('property_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['text', 'number', 'date', 'expiry_date', 'colour'] }).notNull(),
    sortValue: integer('sort_value').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.listId, t.propertyId] })],
);

/** `values` maps a property id to the item's value; `label_key` (generated) is not written. */
export const listItems = pgTable(
  'list_items',
  {
    workspaceId: uuid('workspace_id').notNull(),
    listId: uuid('list_id').notNull(),
    itemId: uuid('item_id').notNull(),
    label: text('label').notNull(),
    colour: text('colour'),
    values: jsonb('values').$type<Record<string, string>>().notNull().default({}),
    position: doublePrecision('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.listId, t.itemId] })],
);

/** 0028_checkout: a self-service checkout (spec 4.4, 7): what it buys, what the server says it costs. */
export const checkouts = pgTable(
  'checkouts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    checkoutId: uuid('checkout_id').notNull(),
    accountId: uuid('account_id').notNull(),
    createdBy: uuid('created_by').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerReference: text('provider_reference'),
    planType: text('plan_type', { enum: ['standard', 'pro', 'premium', 'platinum'] }).notNull(),
    subscriptionTerm: text('subscription_term', { enum: subscriptionTerms }).notNull(),
    contributorUsersPaid: integer('contributor_users_paid').notNull(),
    paidUsersPaid: integer('paid_users_paid').notNull(),
    currency: text('currency', { enum: ['USD', 'AUD', 'EUR', 'ZAR'] }).notNull(),
    amountTotal: bigint('amount_total', { mode: 'number' }).notNull(),
    returnUrl: text('return_url').notNull(),
    state: text('state', { enum: ['open', 'paid', 'cancelled'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.checkoutId] })],
);

/** 0028_checkout: provider notifications already handled, by event id (replays change nothing). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    workspaceId: uuid('workspace_id').notNull(),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.provider, t.eventId] })],
);
