import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { formatAmount } from '@formwork/shared/pricing';
import { workspaceAccountParamsSchema } from '@formwork/shared/schemas/accounts';
import {
  checkoutOptionsQuerySchema,
  checkoutOptionsSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
} from '@formwork/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { routeContext } from '../../authz/route-access.ts';
import { AppError } from '../../errors.ts';
import type { App } from '../../http/types.ts';
import { escapeHtml } from '../../idp/pages.ts';
import * as service from './checkout.service.ts';
import { InvalidNotification, type PaymentNotification, type PaymentProvider } from './payment-provider.ts';
import { readPaymentToken, signTestNotification, testSignatureHeader } from './test-payment-provider.ts';

const tags = ['checkout'];
const security = [{ bearer: [] }];

/** The webhook path every provider notifies (Stripe's endpoint is configured to it). */
export const paymentWebhookPath = '/api/payments/webhook';

/**
 * Checkout (issue 17.4): the options and the payment-link call for a workspace's admins and org
 * controllers, and the provider's webhook. With the local test provider, also its test payment page.
 */
export function checkoutRoutes(options: { provider: PaymentProvider; testSecret: string | null }) {
  const { provider } = options;
  return async (app: App) => {
    const { db } = app.deps.database;
    const { publicUrl } = app.deps.config;

    /** Verifies a notification's signature over its raw body (refused: 400, nothing changes), then applies it once. */
    async function receive(raw: Buffer, headers: IncomingHttpHeaders, log: FastifyBaseLogger) {
      let notification: PaymentNotification;
      try {
        notification = provider.verifyNotification(raw, headers);
      } catch (error) {
        if (error instanceof InvalidNotification) {
          log.warn({ reason: error.message }, 'payment notification refused');
          throw new AppError('paymentNotificationInvalid');
        }
        throw error;
      }
      const outcome = await service.applyNotification(db, provider.name, notification);
      log.info({ eventId: notification.eventId, type: notification.type, outcome }, 'payment notification');
      return outcome;
    }

    app.get('/api/workspaces/:workspaceId/checkout', {
      config: { access: { permission: 'account.view' } },
      schema: {
        tags,
        security,
        summary:
          'What self-service checkout offers the workspace: whether it is offered, the currency, licences used, each plan with its prices and exceeded limits',
        params: workspaceAccountParamsSchema,
        querystring: checkoutOptionsQuerySchema,
        response: { 200: checkoutOptionsSchema },
      },
      handler: async (request) => service.checkoutOptions(db, routeContext(request), request.query.continent),
    });

    app.post('/api/workspaces/:workspaceId/checkout', {
      config: { access: { permission: 'account.view' } },
      schema: {
        tags,
        security,
        summary:
          "Starts a checkout (spec 7's payment link): the server prices the plan, term and licences; answers the payment page to go to",
        params: workspaceAccountParamsSchema,
        body: checkoutRequestSchema,
        response: { 201: checkoutResponseSchema },
      },
      handler: async (request, reply) => {
        const result = await service.startCheckout(db, provider, publicUrl, routeContext(request), request.body);
        return reply.code(201).send(result);
      },
    });

    // The provider's notifications: verified over the raw body (its signature), then applied once.
    await app.register(async (hooks: App) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      hooks.post(paymentWebhookPath, {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: "The payment provider's notifications (signed); each event is applied once",
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
        },
        handler: async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const outcome = await receive(raw, request.headers, request.log);
          return { received: true as const, outcome };
        },
      });
    });

    if (options.testSecret) await app.register(testPaymentPage(options.testSecret, receive));
  };
}

const tokenQuery = z.object({ paymentToken: z.string().min(1).max(300) });

/**
 * The local test provider's payment page (issue 17.4): a page of this server, marked TEST
 * everywhere, showing what the server priced. Pay or Cancel sends the provider's signed
 * notification to the webhook (the same path as an outside provider's), then returns the browser.
 */
function testPaymentPage(
  secret: string,
  receive: (raw: Buffer, headers: IncomingHttpHeaders, log: FastifyBaseLogger) => Promise<string>,
) {
  return async (app: App) => {
    const { db } = app.deps.database;
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    async function checkoutOf(token: string) {
      const ids = readPaymentToken(secret, token);
      if (!ids) throw new AppError('checkoutNotFound');
      const checkout = await service.findCheckout(db, ids.workspaceId, ids.checkoutId);
      if (!checkout) throw new AppError('checkoutNotFound');
      return { ...ids, checkout };
    }

    app.get('/payment_page', {
      config: { access: { public: true } },
      schema: { tags, summary: 'The local test payment page (TEST: no money moves)', querystring: tokenQuery },
      handler: async (request, reply) => {
        const { checkout } = await checkoutOf(request.query.paymentToken);
        const token = escapeHtml(request.query.paymentToken);
        const amount = formatAmount(checkout.amountTotal, checkout.currency);
        const term = checkout.subscriptionTerm === 'one_year' ? 'one year' : 'monthly';
        const open = checkout.state === 'open';
        const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>TEST payment page - Formwork</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#fff8e1;color:#222}
.banner{background:#b45309;color:#fff;padding:12px 16px;font-weight:700;text-align:center;letter-spacing:.04em}
main{max-width:480px;margin:32px auto;background:#fff;border:3px dashed #b45309;border-radius:12px;padding:24px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px}dt{color:#666}dd{margin:0;font-weight:600}
.actions{display:flex;gap:12px;margin-top:24px}button{font-size:16px;padding:10px 18px;border-radius:8px;border:1px solid #999;cursor:pointer}
.pay{background:#15803d;color:#fff;border-color:#15803d}</style></head>
<body><div class="banner" role="alert">TEST PAYMENT PAGE: no card is charged and no money moves</div>
<main><h1>Pay for ${escapeHtml(checkout.accountName)} (TEST)</h1>
<dl><dt>Plan</dt><dd>${escapeHtml(checkout.planType)}</dd><dt>Term</dt><dd>${term}</dd>
<dt>Contributor licences</dt><dd>${checkout.contributorUsersPaid}</dd><dt>Paid user licences</dt><dd>${checkout.paidUsersPaid}</dd>
<dt>Total</dt><dd data-testid="amount">${escapeHtml(amount)} (${checkout.currency})</dd></dl>
${
  open
    ? `<div class="actions"><form method="post" action="/payment_page/pay"><input type="hidden" name="paymentToken" value="${token}"><button class="pay" type="submit">Pay ${escapeHtml(amount)} (TEST)</button></form>
<form method="post" action="/payment_page/cancel"><input type="hidden" name="paymentToken" value="${token}"><button type="submit">Cancel</button></form></div>`
    : `<p>This checkout is already ${checkout.state}.</p>`
}
</main></body></html>`;
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    });

    for (const action of ['pay', 'cancel'] as const) {
      app.post(`/payment_page/${action}`, {
        config: { access: { public: true } },
        schema: {
          tags,
          summary:
            action === 'pay'
              ? 'The test payment page: pay (sends the signed completed notification, then returns the browser)'
              : 'The test payment page: cancel (sends the signed cancelled notification, then returns the browser)',
          body: tokenQuery,
        },
        handler: async (request, reply) => {
          const { workspaceId, checkoutId, checkout } = await checkoutOf(request.body.paymentToken);
          if (checkout.state !== 'open') throw new AppError('checkoutClosed');
          const body = JSON.stringify({
            id: `evt_test_${randomUUID()}`,
            type: action === 'pay' ? 'checkout.completed' : 'checkout.cancelled',
            workspaceId,
            checkoutId,
          });
          // The provider's signed notification, through the webhook's own verification.
          await receive(Buffer.from(body), { [testSignatureHeader]: signTestNotification(secret, body) }, request.log);
          const back = new URL(checkout.returnUrl);
          if (action === 'cancel') back.searchParams.delete('view');
          return reply.redirect(back.toString(), 303);
        },
      });
    }
  };
}
