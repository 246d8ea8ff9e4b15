import { companyParamsSchema, projectParamsSchema, teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  listFieldItemsQuerySchema,
  listFieldItemsSchema,
  listFieldParamsSchema,
  templateFieldListsSchema,
} from '@formwork/shared/schemas/list-fields';
import {
  listBulkDeploymentResultSchema,
  listBulkDeploymentSchema,
  listCreateSchema,
  listDeploymentSchema,
  listDeploymentSetSchema,
  listDetailSchema,
  listImportPreviewSchema,
  listImportSchema,
  listItemCreateSchema,
  listItemMoveSchema,
  listItemParamsSchema,
  listItemSchema,
  listItemsPageSchema,
  listItemsQuerySchema,
  listItemUpdateSchema,
  listParamsSchema,
  listPropertyCreateSchema,
  listPropertyParamsSchema,
  listPropertyUpdateSchema,
  listQuerySchema,
  listRenameSchema,
  listStateResultSchema,
  listsSchema,
  listXlsxMaxBase64,
} from '@formwork/shared/schemas/lists';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as deployments from './list-deployments.service.ts';
import * as listFields from './list-fields.service.ts';
import * as service from './lists.service.ts';

const tags = ['lists'];
const security = [{ bearer: [] }];

/**
 * Lists (issue 18): the List Library of a company and the Lists of a project; one list is named
 * by its workspace and id (`/api/companies/:companyId/lists/:listId`), and the route step checks
 * the verb on the folder it lives in.
 */
export async function listRoutes(app: App) {
  const { db } = app.deps.database;

  for (const level of ['companies', 'projects'] as const) {
    const url = level === 'companies' ? '/api/companies/:companyId/lists' : '/api/projects/:projectId/lists';
    const params = level === 'companies' ? companyParamsSchema : projectParamsSchema;
    const where = level === 'companies' ? 'the List Library' : "a project's Lists";

    app.get(url, {
      config: { access: { permission: 'list.view' } },
      schema: {
        tags,
        security,
        summary: `The active or archived lists of ${where}`,
        params,
        querystring: listQuerySchema,
        response: { 200: listsSchema },
      },
      handler: async (request) => service.listLists(db, routeContext(request), request.query.state),
    });

    app.post(url, {
      config: { access: { permission: 'list.manage' } },
      schema: {
        tags,
        security,
        summary: `Create a list in ${where}`,
        params,
        body: listCreateSchema,
        response: { 201: listDetailSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await service.createList(db, routeContext(request), request.body)),
    });
  }

  app.get('/api/companies/:companyId/lists/:listId', {
    config: { access: { permission: 'list.view' } },
    schema: {
      tags,
      security,
      summary: 'One list with its properties',
      params: listParamsSchema,
      response: { 200: listDetailSchema },
    },
    handler: async (request) => service.getList(db, routeContext(request), request.params.listId),
  });

  app.patch('/api/companies/:companyId/lists/:listId', {
    config: { access: { permission: 'list.manage' } },
    schema: {
      tags,
      security,
      summary: 'Rename a list',
      params: listParamsSchema,
      body: listRenameSchema,
      response: { 200: listDetailSchema },
    },
    handler: async (request) => service.renameList(db, routeContext(request), request.params.listId, request.body.name),
  });

  for (const [verb, state] of [
    ['archive', 'archived'],
    ['restore', 'active'],
  ] as const) {
    app.post(`/api/companies/:companyId/lists/:listId/${verb}`, {
      config: { access: { permission: 'list.manage' } },
      schema: {
        tags,
        security,
        summary: verb === 'archive' ? 'Archive a list' : 'Restore an archived list',
        params: listParamsSchema,
        response: { 200: listDetailSchema },
      },
      handler: async (request) => service.setListState(db, routeContext(request), request.params.listId, state),
    });
  }

  app.delete('/api/companies/:companyId/lists/:listId', {
    config: { access: { permission: 'list.manage' } },
    schema: {
      tags,
      security,
      summary: 'Permanently delete a list with its properties and items',
      params: listParamsSchema,
      response: { 200: listStateResultSchema },
    },
    handler: async (request) => service.deleteList(db, routeContext(request), request.params.listId),
  });

  const items = '/api/companies/:companyId/lists/:listId/items';

  // Issue 18.5: the typeahead of a form's list field, for whoever may fill forms in the team. The
  // field is named by the team's template, the version the form is filled on, and its id: the
  // server reads which list that field names.
  app.get('/api/teams/:teamId/templates/:templateId/versions/:version/list-fields/:fieldId/items', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary:
        "A page of the items a form's list field offers in this team (the list the field of this template version names, as the team's project reads it: its deployed copy, else the list), optionally those whose label contains the search; each as the snapshot a form keeps. With `column`, the list that list column of the table field names",
      params: listFieldParamsSchema,
      querystring: listFieldItemsQuerySchema,
      response: { 200: listFieldItemsSchema },
    },
    handler: async (request) => {
      const { templateId, version, fieldId } = request.params;
      const columnId = request.query.column;
      return listFields.listFieldItems(
        db,
        routeContext(request),
        { templateId, version, fieldId, columnId },
        request.query,
      );
    },
  });

  // Issue 18.5: the template editor's list picker, for whoever may edit templates in the folder
  // (new templates too, which have no id yet).
  for (const level of ['companies', 'teams'] as const) {
    app.get(level === 'companies' ? '/api/companies/:companyId/template-lists' : '/api/teams/:teamId/template-lists', {
      config: { access: { permission: 'template.edit' } },
      schema: {
        tags,
        security,
        summary:
          level === 'companies'
            ? "The lists the Template Library's list fields may read, with their properties: the List Library's active lists"
            : "The lists a team template's list fields may read, with their properties: the List Library lists deployed to the team's project and the project's own",
        params: level === 'companies' ? companyParamsSchema : teamParamsSchema,
        response: { 200: templateFieldListsSchema },
      },
      handler: async (request) => listFields.templateFieldLists(db, routeContext(request)),
    });
  }

  app.get(items, {
    config: { access: { permission: 'list.view' } },
    schema: {
      tags,
      security,
      summary: "A page of the list's items in order, optionally those whose label contains the search",
      params: listParamsSchema,
      querystring: listItemsQuerySchema,
      response: { 200: listItemsPageSchema },
    },
    handler: async (request) => service.listItems(db, routeContext(request), request.params.listId, request.query),
  });

  app.post(items, {
    config: { access: { permission: 'list.editItems' } },
    schema: {
      tags,
      security,
      summary: 'Add an item at the end of the list',
      params: listParamsSchema,
      body: listItemCreateSchema,
      response: { 201: listItemSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.createItem(db, routeContext(request), request.params.listId, request.body)),
  });

  app.patch(`${items}/:itemId`, {
    config: { access: { permission: 'list.editItems' } },
    schema: {
      tags,
      security,
      summary: "Change an item's label, colour or property values",
      params: listItemParamsSchema,
      body: listItemUpdateSchema,
      response: { 200: listItemSchema },
    },
    handler: async (request) =>
      service.updateItem(db, routeContext(request), request.params.listId, request.params.itemId, request.body),
  });

  app.put(`${items}/:itemId/position`, {
    config: { access: { permission: 'list.editItems' } },
    schema: {
      tags,
      security,
      summary: 'Move an item right after another one, or first',
      params: listItemParamsSchema,
      body: listItemMoveSchema,
      response: { 200: listItemSchema },
    },
    handler: async (request) =>
      service.moveItem(
        db,
        routeContext(request),
        request.params.listId,
        request.params.itemId,
        request.body.afterItemId,
      ),
  });

  app.delete(`${items}/:itemId`, {
    config: { access: { permission: 'list.editItems' } },
    schema: {
      tags,
      security,
      summary: 'Remove an item',
      params: listItemParamsSchema,
      response: { 200: listItemSchema.pick({ id: true }) },
    },
    handler: async (request) =>
      service.deleteItem(db, routeContext(request), request.params.listId, request.params.itemId),
  });

  const properties = '/api/companies/:companyId/lists/:listId/properties';

  app.post(properties, {
    config: { access: { permission: 'list.manage' } },
    schema: {
      tags,
      security,
      summary: "Add a property (within the plan's properties per list)",
      params: listParamsSchema,
      body: listPropertyCreateSchema,
      response: { 201: listDetailSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.createProperty(db, routeContext(request), request.params.listId, request.body)),
  });

  app.patch(`${properties}/:propertyId`, {
    config: { access: { permission: 'list.manage' } },
    schema: {
      tags,
      security,
      summary: 'Rename a property',
      params: listPropertyParamsSchema,
      body: listPropertyUpdateSchema,
      response: { 200: listDetailSchema },
    },
    handler: async (request) =>
      service.renameProperty(
        db,
        routeContext(request),
        request.params.listId,
        request.params.propertyId,
        request.body.name,
      ),
  });

  app.delete(`${properties}/:propertyId`, {
    config: { access: { permission: 'list.manage' } },
    schema: {
      tags,
      security,
      summary: 'Remove a property with its values',
      params: listPropertyParamsSchema,
      response: { 200: listDetailSchema },
    },
    handler: async (request) =>
      service.deleteProperty(db, routeContext(request), request.params.listId, request.params.propertyId),
  });

  // Issue 18.3: a CSV or XLSX file replaces the list's items and properties; preview first, then
  // apply. The body holds at most 10 MB of CSV text or of XLSX bytes in base64 (and its JSON).
  const importBodyLimit = listXlsxMaxBase64 + 64 * 1024;

  app.post('/api/companies/:companyId/lists/:listId/import/preview', {
    config: { access: { permission: 'list.manage' } },
    bodyLimit: importBodyLimit,
    schema: {
      tags,
      security,
      summary: 'What importing this CSV or XLSX file would change (added, changed, removed) and the rows with errors',
      params: listParamsSchema,
      body: listImportSchema,
      response: { 200: listImportPreviewSchema },
    },
    handler: async (request) =>
      service.previewListImport(db, routeContext(request), request.params.listId, request.body),
  });

  app.post('/api/companies/:companyId/lists/:listId/import', {
    config: { access: { permission: 'list.manage' } },
    bodyLimit: importBodyLimit,
    schema: {
      tags,
      security,
      summary: 'Replace all items and properties with the CSV or XLSX file (nothing changes when any row has an error)',
      params: listParamsSchema,
      body: listImportSchema,
      response: { 200: listDetailSchema },
    },
    handler: async (request) => service.applyListImport(db, routeContext(request), request.params.listId, request.body),
  });

  app.get('/api/companies/:companyId/lists/:listId/export.csv', {
    config: { access: { permission: 'list.view' } },
    schema: { tags, security, summary: 'Download the list as CSV (attachment)', params: listParamsSchema },
    handler: async (request, reply) => {
      const file = await service.exportListCsv(db, routeContext(request), request.params.listId);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.csv);
    },
  });

  // Issue 18.4, spec 4.3: deployment of List Library lists to project folders.
  app.get('/api/companies/:companyId/lists/:listId/deployment', {
    config: { access: { permission: 'list.view' } },
    schema: {
      tags,
      security,
      summary: 'The project folders a List Library list is deployed to, and how',
      params: listParamsSchema,
      response: { 200: listDeploymentSchema },
    },
    handler: async (request) => deployments.getListDeployment(db, routeContext(request), request.params.listId),
  });

  app.put('/api/companies/:companyId/lists/:listId/deployment', {
    config: { access: { permission: 'list.manage' } },
    schema: {
      tags,
      security,
      summary: 'Manage Deployment: deploy a List Library list to exactly these project folders',
      params: listParamsSchema,
      body: listDeploymentSetSchema,
      response: { 200: listDeploymentSchema },
    },
    handler: async (request) =>
      deployments.setListDeployment(db, routeContext(request), request.params.listId, request.body),
  });

  for (const action of ['deploy', 'undeploy'] as const) {
    app.post(`/api/companies/:companyId/lists/${action}`, {
      config: { access: { permission: 'list.manage' } },
      schema: {
        tags,
        security,
        summary:
          action === 'deploy'
            ? 'Bulk Deploy List Library lists to project folders (empty or populated)'
            : 'Bulk Undeploy List Library lists from project folders',
        params: companyParamsSchema,
        body: listBulkDeploymentSchema,
        response: { 200: listBulkDeploymentResultSchema },
      },
      handler: async (request) =>
        deployments.bulkListDeployment(db, routeContext(request), request.body, action === 'deploy'),
    });
  }
}
