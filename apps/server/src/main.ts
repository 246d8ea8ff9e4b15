import pino from 'pino';
import { buildApp } from './app.ts';
import { listenHost, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { fileStorage } from './files/storage.ts';
import { deleteExpiredPayloads } from './idp/adapter.ts';
import { startJobRunner } from './jobs/runner.ts';
import { startMailSender } from './mail/mail.ts';
import { trialEndJobHandler, trialEndJobKind } from './modules/accounts/accounts.service.ts';
import { billingRecalculationJobHandler, billingRecalculationJobKind } from './modules/accounts/checkout.service.ts';
import { snapshotJobHandler, snapshotJobKind } from './modules/analytics/snapshots.service.ts';
import { pdfZipJobHandler, pdfZipJobKind } from './modules/form-pdf/pdf-zip.service.ts';
import { bulkFormJobHandler, bulkFormJobKind } from './modules/forms/bulk-forms.service.ts';
import { exportJobHandler, exportJobKind } from './modules/forms/exports.service.ts';
import { registerSortKeysJobHandler, registerSortKeysJobKind } from './modules/forms/register-order.service.ts';
import { linkUploadCleanupJobHandler, linkUploadCleanupJobKind } from './modules/links/link-uploads.service.ts';
import { inviteBatchJobHandler, inviteBatchJobKind } from './modules/people/invitations.service.ts';
import { photoSizesJobHandler, photoSizesJobKind } from './modules/photos/photo-sizes.service.ts';
import {
  photoZipExpiryJobHandler,
  photoZipExpiryJobKind,
  photoZipJobHandler,
  photoZipJobKind,
} from './modules/photos/photo-zip.service.ts';
import { openAiCompatibleImprover } from './modules/template-imports/convert/field-improver.ts';
import {
  templateImportJobHandler,
  templateImportJobKind,
} from './modules/template-imports/template-imports.service.ts';
import { webhookDeliveryJobHandler, webhookDeliveryJobKind } from './modules/webhooks/webhooks.service.ts';
import { createTracing } from './observability/tracing.ts';
import { seedDemo } from './seed/demo.ts';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { driver: 'pg', url: config.databaseUrl, poolSize: config.databasePoolSize }
    : { driver: 'pglite', dataDir: `${config.dataDir}/pglite` },
);
await migrate(database);
// Seeds an empty database outside production only.
const demo = await seedDemo(database, config);
// Log lines leave asynchronously (pino flushes what is left when the process exits): written
// synchronously, each request's lines cost a write system call each, ~7 % of the server's CPU
// time under the save benchmark (ADR 0015). A request writes one line, when it completes (app.ts).
const logStream = pino.destination({ dest: 1, sync: false });
const tracing = config.otlpEndpoint ? await createTracing({ endpoint: config.otlpEndpoint }) : undefined;
const app = await buildApp({ config, database, logStream, tracing });
const mailSender = startMailSender({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
const storage = fileStorage(config);
const jobRunner = startJobRunner({
  db: database.db,
  log: app.log,
  handlers: {
    [exportJobKind]: exportJobHandler(database.db, storage),
    [pdfZipJobKind]: pdfZipJobHandler(database.db, storage),
    [registerSortKeysJobKind]: registerSortKeysJobHandler(database.db),
    [trialEndJobKind]: trialEndJobHandler(database.db),
    [billingRecalculationJobKind]: billingRecalculationJobHandler(database.db),
    [inviteBatchJobKind]: inviteBatchJobHandler({ db: database.db, publicUrl: config.publicUrl }),
    [photoZipJobKind]: photoZipJobHandler(database.db, storage),
    [photoSizesJobKind]: photoSizesJobHandler(database.db, storage),
    [photoZipExpiryJobKind]: photoZipExpiryJobHandler(storage),
    [bulkFormJobKind]: bulkFormJobHandler(database.db),
    [templateImportJobKind]: templateImportJobHandler(
      database.db,
      storage,
      app.log,
      config.templateImportLlm && openAiCompatibleImprover(config.templateImportLlm),
    ),
    [linkUploadCleanupJobKind]: linkUploadCleanupJobHandler(database.db, storage),
    [snapshotJobKind]: snapshotJobHandler({ db: database.db, publicUrl: config.publicUrl }),
    [webhookDeliveryJobKind]: webhookDeliveryJobHandler({
      db: database.db,
      allowPrivateAddresses: config.webhooksAllowPrivateAddresses,
      publicUrl: config.publicUrl,
    }),
  },
});
const housekeeping = setInterval(() => void deleteExpiredPayloads(database.db).catch(() => {}), 60 * 60 * 1000);
housekeeping.unref();
await deleteExpiredPayloads(database.db);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'draining requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown grace period ended; exiting');
    process.exit(1);
  }, config.shutdownGraceMs);
  timer.unref();
  clearInterval(housekeeping);
  // Requests in flight finish; their keep-alive connections are closed as soon as they go idle.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  await app.close();
  clearInterval(idleSweep);
  // The error reports still queued are stored (or sent to SENTRY_DSN) before the database closes.
  await app.errorReporter.flush();
  await jobRunner.stop();
  await mailSender.stop();
  await database.close();
  // The last batched spans go to the collector (the exporter gives up after its own timeout).
  await tracing?.shutdown().catch(() => {});
  app.log.info('stopped cleanly');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

const host = listenHost(config, demo !== undefined);
await app.listen({ port: config.port, host });
const lines = [
  '',
  `  Formwork is running at ${config.publicUrl}`,
  config.host === undefined && demo
    ? `  Listening on ${host} only, because the demo users' password is published (set HOST=0.0.0.0 to listen on every interface)`
    : `  Listening on ${host}`,
  `  Database: ${database.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
];
if (demo) {
  lines.push('', '  Demo sign-in e-mails:');
  for (const user of demo.users) lines.push(`    ${user.email.padEnd(38)} ${user.label}`);
  lines.push(
    config.demoPasswordDefaulted
      ? `  Demo password: ${config.demoPassword}  (set DEMO_PASSWORD to choose another)`
      : '  Demo password: the value of DEMO_PASSWORD',
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
