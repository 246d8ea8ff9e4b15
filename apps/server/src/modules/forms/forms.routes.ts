import { teamParamsSchema } from '@formwork/shared/schemas/folders';
import {
  cloneFormBodySchema,
  createFormBodySchema,
  formActionResultSchema,
  formDetailSchema,
  formHistorySchema,
  formParamsSchema,
  formSchema,
  formSelectionSchema,
  formVersionParamsSchema,
  formVersionSchema,
  saveFormBodySchema,
  workflowMoveBodySchema,
  workflowResetBodySchema,
} from '@formwork/shared/schemas/forms';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import * as service from './forms.service.ts';
import * as workflow from './workflow.service.ts';

const tags = ['forms'];
const security = [{ bearer: [] }];
// The service builds exactly the response shapes (typed by the schemas): hot routes skip
// re-validating every value on the way out and are stringified directly.
const typedReply = () => (data: unknown) => JSON.stringify(data);

export async function formRoutes(app: App) {
  const { db } = app.deps.database;

  app.post('/api/teams/:teamId/forms', {
    serializerCompiler: typedReply,
    config: { access: { permission: 'form.create', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary:
        'Create a form from a template (idempotent by the client-generated formId: 201 created, 200 the form a retry already made)',
      params: teamParamsSchema,
      body: createFormBodySchema,
      response: { 200: formSchema, 201: formSchema },
    },
    handler: async (request, reply) => {
      const { created, form } = await service.createForm(
        db,
        routeContext(request),
        request.params.teamId,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(form);
    },
  });

  app.get('/api/teams/:teamId/forms/:formId', {
    serializerCompiler: typedReply,
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'A form with the definition of the template version it is filled on',
      params: formParamsSchema,
      response: { 200: formDetailSchema },
    },
    handler: async (request) => service.getForm(db, routeContext(request), request.params.formId),
  });

  app.put('/api/teams/:teamId/forms/:formId', {
    serializerCompiler: typedReply,
    config: { access: { permission: 'form.edit', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Save a form over baseVersion (409 staleVersion with meta.currentVersion when someone saved first)',
      params: formParamsSchema,
      body: saveFormBodySchema,
      response: { 200: formSchema },
    },
    handler: async (request) =>
      service.saveForm(db, routeContext(request), request.params.teamId, request.params.formId, request.body),
  });

  app.get('/api/teams/:teamId/forms/:formId/versions', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'The history of a form: every change, newest first',
      params: formParamsSchema,
      response: { 200: formHistorySchema },
    },
    handler: async (request) => service.formHistory(db, routeContext(request), request.params.formId),
  });

  app.get('/api/teams/:teamId/forms/:formId/versions/:version', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'One version of a form with its values',
      params: formVersionParamsSchema,
      response: { 200: formVersionSchema },
    },
    handler: async (request) =>
      service.formVersion(db, routeContext(request), request.params.formId, request.params.version),
  });

  app.post('/api/teams/:teamId/forms/:formId/clone', {
    config: { access: { permission: 'form.create', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Clone a form into a new one with the client-generated formId (spec 5.1 clone rules)',
      params: formParamsSchema,
      body: cloneFormBodySchema,
      response: { 200: formSchema, 201: formSchema },
    },
    handler: async (request, reply) => {
      const { created, form } = await service.cloneForm(
        db,
        routeContext(request),
        request.params.teamId,
        request.params.formId,
        request.body.formId,
      );
      return reply.status(created ? 201 : 200).send(form);
    },
  });

  for (const action of ['archive', 'restore', 'delete'] as const) {
    app.post(`/api/teams/:teamId/forms/${action}`, {
      config: { access: { permission: `form.${action}`, denied: 'formAccessDenied' } },
      schema: {
        tags,
        security,
        summary: `${action[0]?.toUpperCase()}${action.slice(1)} forms of the team, each answered on its own`,
        params: teamParamsSchema,
        body: formSelectionSchema,
        response: { 200: formActionResultSchema },
      },
      handler: async (request) =>
        service.changeForms(db, routeContext(request), request.params.teamId, action, request.body.formIds),
    });
  }

  app.post('/api/teams/:teamId/forms/:formId/workflow/move', {
    config: { access: { permission: 'form.workflowMove', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Move a workflow form to its next column with an approval signature',
      params: formParamsSchema,
      body: workflowMoveBodySchema,
      response: { 200: formSchema },
    },
    handler: async (request) =>
      workflow.moveForm(db, routeContext(request), request.params.teamId, request.params.formId, request.body),
  });

  app.post('/api/teams/:teamId/forms/:formId/workflow/reset', {
    config: { access: { permission: 'form.workflowReset', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: 'Reset a workflow form to an earlier column, removing the later approval signatures',
      params: formParamsSchema,
      body: workflowResetBodySchema,
      response: { 200: formSchema },
    },
    handler: async (request) =>
      workflow.resetForm(db, routeContext(request), request.params.teamId, request.params.formId, request.body),
  });
}
