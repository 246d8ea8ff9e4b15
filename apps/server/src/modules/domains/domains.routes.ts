import {
  addDomainSchema,
  domainEmailLinkSchema,
  domainLinkResultSchema,
  domainLinkTokenSchema,
  domainParamsSchema,
  verifiedDomainListSchema,
  verifiedDomainSchema,
} from '@formwork/shared/schemas/domains';
import { workspaceParamsSchema } from '@formwork/shared/schemas/workspaces';
import { routeContext } from '../../authz/route-access.ts';
import type { App } from '../../http/types.ts';
import { dnsResolver } from './domain-resolver.ts';
import * as service from './domains.service.ts';

const tags = ['domains'];
const security = [{ bearer: [] }];
const manage = { access: { permission: 'workspace.edit' } } as const;

/** Verified domains (spec 1; issue 23.2): admins and org controllers of the workspace. */
export async function domainRoutes(app: App) {
  const { config, database } = app.deps;
  const deps: service.DomainDeps = {
    db: database.db,
    resolver: dnsResolver(config.dnsServers),
    publicUrl: config.publicUrl,
  };

  app.get('/api/workspaces/:workspaceId/domains', {
    config: manage,
    schema: {
      tags,
      security,
      summary: "The workspace's e-mail domains, proven or waiting for their proof",
      params: workspaceParamsSchema,
      response: { 200: verifiedDomainListSchema },
    },
    handler: async (request) => ({ domains: await service.listDomains(deps.db, routeContext(request)) }),
  });

  app.post('/api/workspaces/:workspaceId/domains', {
    config: manage,
    schema: {
      tags,
      security,
      summary: 'Add a company e-mail domain to prove by a DNS TXT record or an e-mailed link',
      params: workspaceParamsSchema,
      body: addDomainSchema,
      response: { 201: verifiedDomainSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await service.addDomain(deps.db, routeContext(request), request.body)),
  });

  app.post('/api/workspaces/:workspaceId/domains/:domain/dns-check', {
    config: manage,
    schema: {
      tags,
      security,
      summary: "Prove the domain by its DNS TXT record (400 domainNotProven while it isn't there)",
      params: domainParamsSchema,
      response: { 200: verifiedDomainSchema },
    },
    handler: async (request) => service.verifyByDns(deps, routeContext(request), request.params.domain),
  });

  app.post('/api/workspaces/:workspaceId/domains/:domain/email-link', {
    config: manage,
    schema: {
      tags,
      security,
      summary: 'Send a proving link to an address at the domain',
      params: domainParamsSchema,
      body: domainEmailLinkSchema,
      response: { 200: verifiedDomainSchema },
    },
    handler: async (request) =>
      service.sendDomainLink(deps, routeContext(request), request.params.domain, request.body),
  });

  app.delete('/api/workspaces/:workspaceId/domains/:domain', {
    config: manage,
    schema: { tags, security, summary: 'Remove a domain from the workspace', params: domainParamsSchema },
    handler: async (request, reply) => {
      await service.removeDomain(deps.db, routeContext(request), request.params.domain);
      return reply.status(204).send();
    },
  });

  app.post('/api/domain-verifications', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "Open a domain's e-mailed proving link: the domain becomes the workspace's",
      body: domainLinkTokenSchema,
      response: { 200: domainLinkResultSchema },
    },
    handler: async (request) => service.verifyByLink(deps.db, request.body.token),
  });
}
