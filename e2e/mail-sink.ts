import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The end of the mail outbox in end-to-end runs: a small SMTP receiver the started server sends
 * its outbox to (SMTP_URL), keeping each message as a file, so a test reads the e-mail a person
 * would get (issue 16: the activation link).
 */
export const mailDir = path.resolve(import.meta.dirname, '../.tmp/e2e-mail');

export function startMailSink(port: number): Promise<net.Server> {
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 formwork-e2e-mail-sink');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            count += 1;
            writeFileSync(
              path.join(mailDir, `${Date.now()}-${count}.json`),
              JSON.stringify({ to, raw: data.join('\n') }),
            );
            data = [];
            reply('250 queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') reply('250 formwork-e2e-mail-sink');
          else if (command === 'MAIL') {
            to = [];
            reply('250 ok');
          } else if (command === 'RCPT') {
            to.push(/<([^>]+)>/.exec(line)?.[1] ?? '');
            reply('250 ok');
          } else if (command === 'DATA') {
            inData = true;
            reply('354 go ahead');
          } else if (command === 'QUIT') {
            reply('221 bye');
            socket.end();
          } else reply('250 ok');
        }
        index = buffer.indexOf('\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The text of the last message sent to `address`, once it has arrived (the outbox sends every few seconds). */
export function mailTo(address: string): string | undefined {
  const files = readdirSync(mailDir).sort();
  for (const file of files.reverse()) {
    const message = JSON.parse(readFileSync(path.join(mailDir, file), 'utf8')) as { to: string[]; raw: string };
    if (message.to.includes(address)) return decodeQuotedPrintable(message.raw);
  }
  return undefined;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
