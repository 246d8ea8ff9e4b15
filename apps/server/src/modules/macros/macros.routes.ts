import { formParamsSchema } from '@formwork/shared/schemas/forms';
import {
  formMacroParamsSchema,
  formMacrosSchema,
  macroBodySchema,
  macroParamsSchema,
  macroRunBodySchema,
  macroRunResultSchema,
  macroSchema,
  macrosSchema,
} from '@formwork/shared/schemas/macros';
import { templateParamsSchema } from '@formwork/shared/schemas/templates';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import { templateHome } from '../../authz/scopes.ts';
import type { App } from '../../http/types.ts';
import * as service from './macros.service.ts';

const tags = ['macros'];
const security = [{ bearer: [] }];

/**
 * Form macros (issue 24.3): a template's editors manage its macros at
 * `/api/templates/:templateId/macros`; a form's viewers see their names and its editors run one
 * at `/api/teams/:teamId/forms/:formId/macros`.
 */
export async function macroRoutes(app: App) {
  const { db } = app.deps.database;
  const deps: service.MacroDeps = { db, allowPrivateAddresses: app.deps.config.webhooksAllowPrivateAddresses };
  const manage = { access: { permission: 'template.edit' as const, scope: templateHome } };

  app.get('/api/templates/:templateId/macros', {
    config: manage,
    schema: {
      tags,
      security,
      summary: "A template's macros with their receiver URLs and signing secrets",
      params: templateParamsSchema,
      response: { 200: macrosSchema },
    },
    handler: async (request) => service.listMacros(db, routeContext(request), request.params.templateId),
  });

  app.post('/api/templates/:templateId/macros', {
    config: manage,
    schema: {
      tags,
      security,
      summary: 'Name a macro: a receiver URL the saved form is sent to (its signing secret is made here)',
      params: templateParamsSchema,
      body: macroBodySchema,
      response: { 201: macroSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.createMacro(deps, routeContext(request), request.params.templateId, request.body)),
  });

  app.put('/api/templates/:templateId/macros/:macroId', {
    config: manage,
    schema: {
      tags,
      security,
      summary: "Change a macro's name or receiver URL",
      params: macroParamsSchema,
      body: macroBodySchema,
      response: { 200: macroSchema },
    },
    handler: async (request) =>
      service.updateMacro(deps, routeContext(request), request.params.templateId, request.params.macroId, request.body),
  });

  app.delete('/api/templates/:templateId/macros/:macroId', {
    config: manage,
    schema: {
      tags,
      security,
      summary: 'Remove a macro',
      params: macroParamsSchema,
      response: { 200: z.object({ id: z.string().uuid() }) },
    },
    handler: async (request) =>
      service.deleteMacro(db, routeContext(request), request.params.templateId, request.params.macroId),
  });

  app.get('/api/teams/:teamId/forms/:formId/macros', {
    config: { access: { permission: 'form.view', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary: "The macros a form's template names (their names)",
      params: formParamsSchema,
      response: { 200: formMacrosSchema },
    },
    handler: async (request) => service.formMacros(db, routeContext(request), request.params.formId),
  });

  app.post('/api/teams/:teamId/forms/:formId/macros/:macroId/run', {
    config: { access: { permission: 'form.edit', denied: 'formAccessDenied' } },
    schema: {
      tags,
      security,
      summary:
        'Run a macro on the saved form (baseVersion must be its version): the form is POSTed signed to the receiver, and the values it answers are saved (502 macroFailed when it does not answer well)',
      params: formMacroParamsSchema,
      body: macroRunBodySchema,
      response: { 200: macroRunResultSchema },
    },
    handler: async (request) =>
      service.runMacro(
        deps,
        routeContext(request),
        request.params.teamId,
        request.params.formId,
        request.params.macroId,
        request.body.baseVersion,
      ),
  });
}
