import {
  accountSchema,
  accountUsageSchema,
  billingContactSchema,
  globalBillingSchema,
  workspaceAccountParamsSchema,
} from '@formwork/shared/schemas/accounts';
import { routeContext } from '../../authz/route-access.ts';
import { requireUser } from '../../http/auth.ts';
import type { App } from '../../http/types.ts';
import * as service from './accounts.service.ts';
import * as globalBilling from './global-billing.service.ts';

const tags = ['accounts'];
const security = [{ bearer: [] }];

export async function accountRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/workspaces/:workspaceId/account', {
    config: { access: { permission: 'account.view' } },
    schema: {
      tags,
      security,
      summary: "The workspace's account: type, plan, subscription and the users it uses (admins and org controllers)",
      params: workspaceAccountParamsSchema,
      response: { 200: accountSchema },
    },
    handler: async (request) => service.workspaceAccount(db, routeContext(request)),
  });

  app.get('/api/workspaces/:workspaceId/usage', {
    config: { access: { permission: 'account.view' } },
    schema: {
      tags,
      security,
      summary:
        "What the workspace's account uses of the plan limits, and which plans that usage exceeds (admins and org controllers)",
      params: workspaceAccountParamsSchema,
      response: { 200: accountUsageSchema },
    },
    handler: async (request) => service.accountUsage(db, requireUser(request), request.params.workspaceId),
  });

  app.get('/api/workspaces/:workspaceId/global-billing', {
    config: { access: { permission: 'account.view' } },
    schema: {
      tags,
      security,
      summary:
        "The account's billing contact and the payments made through the workspace's checkout (admins and org controllers)",
      params: workspaceAccountParamsSchema,
      response: { 200: globalBillingSchema },
    },
    handler: async (request) => globalBilling.globalBilling(db, routeContext(request)),
  });

  app.put('/api/workspaces/:workspaceId/billing-contact', {
    config: { access: { permission: 'workspace.edit' } },
    schema: {
      tags,
      security,
      summary: "Set the account's billing contact: name and e-mail (admins and org controllers)",
      params: workspaceAccountParamsSchema,
      body: billingContactSchema,
      response: { 200: globalBillingSchema },
    },
    handler: async (request) => globalBilling.setBillingContact(db, routeContext(request), request.body),
  });
}
