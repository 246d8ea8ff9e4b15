import { companyParamsSchema } from '@formwork/shared/schemas/folders';
import {
  tabCreateSchema,
  tabDeleteResultSchema,
  tabDeleteSchema,
  tabListSchema,
  tabOrderSchema,
  tabParamsSchema,
  tabSchema,
  tabUpdateSchema,
  templateTabParamsSchema,
  templateTabsResultSchema,
} from '@formwork/shared/schemas/tabs';
import { routeContext } from '../../authz/route-access.ts';
import { templateHome } from '../../authz/scopes.ts';
import type { App } from '../../http/types.ts';
import * as service from './tabs.service.ts';

const tags = ['tabs'];
const security = [{ bearer: [] }];

export async function tabRoutes(app: App) {
  const { db } = app.deps.database;

  app.get('/api/companies/:companyId/template-tabs', {
    config: { access: { permission: 'folder.view' } },
    schema: {
      tags,
      security,
      summary: "The workspace's template tabs in sidebar order",
      params: companyParamsSchema,
      response: { 200: tabListSchema },
    },
    handler: async (request) => service.listTabs(db, routeContext(request), request.params.companyId),
  });

  app.post('/api/companies/:companyId/template-tabs', {
    config: { access: { permission: 'tabs.edit' } },
    schema: {
      tags,
      security,
      summary: 'Save a new tab; returns the saved tab (200 when the same id was already saved)',
      params: companyParamsSchema,
      body: tabCreateSchema,
      response: { 200: tabSchema, 201: tabSchema },
    },
    handler: async (request, reply) => {
      const { tab, created } = await service.createTab(
        db,
        routeContext(request),
        request.params.companyId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(tab);
    },
  });

  app.put('/api/companies/:companyId/template-tabs/order', {
    config: { access: { permission: 'tabs.edit' } },
    schema: {
      tags,
      security,
      summary: 'Save the sorted tab order',
      params: companyParamsSchema,
      body: tabOrderSchema,
      response: { 200: tabListSchema },
    },
    handler: async (request) => service.saveOrder(db, routeContext(request), request.params.companyId, request.body),
  });

  app.put('/api/companies/:companyId/template-tabs/:tabId', {
    config: { access: { permission: 'tabs.edit' } },
    schema: {
      tags,
      security,
      summary: "Update a tab's name and colour",
      params: tabParamsSchema,
      body: tabUpdateSchema,
      response: { 200: tabSchema },
    },
    handler: async (request) =>
      service.updateTab(db, routeContext(request), request.params.companyId, request.params.tabId, request.body),
  });

  app.post('/api/companies/:companyId/template-tabs/delete', {
    config: { access: { permission: 'tabs.edit' } },
    schema: {
      tags,
      security,
      summary: 'Delete tabs (their templates stay)',
      params: companyParamsSchema,
      body: tabDeleteSchema,
      response: { 200: tabDeleteResultSchema },
    },
    handler: async (request) =>
      service.deleteTabs(db, routeContext(request), request.params.companyId, request.body.tabIds),
  });

  app.put('/api/templates/:templateId/tabs/:tabId', {
    config: { access: { permission: 'template.edit', scope: templateHome } },
    schema: {
      tags,
      security,
      summary: 'Add a tab to a template',
      params: templateTabParamsSchema,
      response: { 200: templateTabsResultSchema },
    },
    handler: async (request) =>
      service.setTemplateTab(db, routeContext(request), request.params.templateId, request.params.tabId, true),
  });

  app.delete('/api/templates/:templateId/tabs/:tabId', {
    config: { access: { permission: 'template.edit', scope: templateHome } },
    schema: {
      tags,
      security,
      summary: 'Remove a tab from a template',
      params: templateTabParamsSchema,
      response: { 200: templateTabsResultSchema },
    },
    handler: async (request) =>
      service.setTemplateTab(db, routeContext(request), request.params.templateId, request.params.tabId, false),
  });
}
