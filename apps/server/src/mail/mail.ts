import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppDb } from '../db/client.ts';
import { type Json, onlyRow, parseJson } from '../db/sql-values.ts';
import { inScope, systemScope, type Tx } from '../db/tenant.ts';

/** An image the HTML shows inline (`<img src="cid:...">`), such as a snapshot's chart. */
export type MailAttachment = { filename: string; contentType: string; cid: string; content: Buffer };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Headers besides the usual ones, such as a snapshot's List-Unsubscribe (RFC 2369, 8058). */
  headers?: Record<string, string>;
};

type StoredAttachment = Omit<MailAttachment, 'content'> & { content: string };

/**
 * Writes the mail into the outbox inside the caller's transaction: it is sent if and only if the
 * change that caused it commits.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<string> {
  const result = await tx.execute<{ mail_id: string }>(sql`
    insert into mail_outbox (to_address, subject, text_body, html_body, attachments, headers)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${attachmentsJson(mail.attachments)}::jsonb,
      ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb)
    returning mail_id`);
  return onlyRow(result.rows, 'insert into mail_outbox').mail_id;
}

function attachmentsJson(attachments: MailAttachment[] | undefined): string | null {
  if (!attachments?.length) return null;
  const stored: StoredAttachment[] = attachments.map((a) => ({ ...a, content: a.content.toString('base64') }));
  return JSON.stringify(stored);
}

/** Sending attempts before a mail is given up on (its delivery then shows as failed). */
export const maxMailAttempts = 5;

type OutboxRow = {
  mail_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: Json;
  headers: Json;
};

/**
 * With SMTP_URL, sends what the outbox holds (every few seconds, several processes safely: rows
 * are claimed with SKIP LOCKED). Without it, mail stays in the outbox table for an operator.
 */
export function startMailSender(options: {
  db: AppDb;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}) {
  if (!options.smtpUrl) {
    options.log.info('SMTP_URL is not set: outgoing mail is kept in the mail_outbox table');
    return { stop: async () => {} };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sendBatch(options.db, async (row) => {
        await transport.sendMail({
          from: options.from,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          ...(row.html_body ? { html: row.html_body } : {}),
          headers: parseJson<Record<string, string> | null>(row.headers) ?? {},
          attachments: (parseJson<StoredAttachment[] | null>(row.attachments) ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            cid: a.cid,
            content: Buffer.from(a.content, 'base64'),
          })),
        });
      });
    } catch (error) {
      options.log.error({ err: error }, 'mail sending failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, 5000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      transport.close();
    },
  };
}

async function sendBatch(db: AppDb, send: (row: OutboxRow) => Promise<void>) {
  await inScope(db, systemScope, async (tx) => {
    const batch = await tx.execute<OutboxRow>(sql`
      select mail_id, to_address, subject, text_body, html_body, attachments, headers from mail_outbox
      where sent_at is null and attempts < ${maxMailAttempts}
      order by created_at limit 20 for update skip locked`);
    for (const row of batch.rows) {
      try {
        await send(row);
        await tx.execute(
          sql`update mail_outbox set sent_at = now(), attempts = attempts + 1 where mail_id = ${row.mail_id}`,
        );
      } catch (error) {
        await tx.execute(sql`
          update mail_outbox set attempts = attempts + 1, last_error = ${(error as Error).message}
          where mail_id = ${row.mail_id}`);
      }
    }
  });
}
