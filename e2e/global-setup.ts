import { startMailSink } from './mail-sink.ts';

/** Starts the SMTP receiver the server's outbox sends to (playwright.config.ts sets SMTP_URL). */
export default async function globalSetup() {
  const server = await startMailSink(Number(process.env.E2E_PORT ?? 3100) + 2);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
  };
}
