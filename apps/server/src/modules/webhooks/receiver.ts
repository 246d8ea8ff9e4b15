import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The way out to webhook receivers, guarded against server-side request forgery: every address a
 * receiver's name resolves to must be public (not private, loopback, link-local, shared, reserved
 * or multicast) unless configuration allows private ones, and the connection goes to the address
 * that was checked (a name cannot resolve to a public address for the check and a private one
 * for the connection). Redirects are not followed.
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one a receiver may not be on by default. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1] as string, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export class ReceiverRefused extends Error {}

/** Resolves a receiver's host name and checks every address; answers them, or throws ReceiverRefused. */
export async function checkedAddresses(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: dns.LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await dns.promises.lookup(host, { all: true });
  } catch {
    throw new ReceiverRefused('This address could not be resolved');
  }
  if (addresses.length === 0) throw new ReceiverRefused('This address could not be resolved');
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new ReceiverRefused('Receivers on private, loopback or link-local addresses are not allowed');
  }
  return addresses;
}

export type ReceiverAnswer = {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
  /** The receiver's address was refused by the guard (nothing was sent). */
  refused?: true;
};

/**
 * POSTs one delivery and answers what came back: the status, how long it took, the first
 * `excerptChars` characters of the answer, or why there was no answer (refused address, timeout,
 * connection error).
 */
export async function postToReceiver(options: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs: number;
  excerptChars: number;
}): Promise<ReceiverAnswer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(options.url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = await checkedAddresses(url.hostname, options.allowPrivate);
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), excerpt: null, error: (error as Error).message, refused: true };
  }
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if ((lookupOptions as dns.LookupOptions).all)
      (callback as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    else callback(null, (addresses[0] as dns.LookupAddress).address, (addresses[0] as dns.LookupAddress).family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<ReceiverAnswer>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          'user-agent': 'Formwork-Webhooks/1',
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const limit = options.excerptChars * 4;
        response.on('data', (chunk: Buffer) => {
          if (kept < limit) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? null,
            durationMs: elapsed(),
            excerpt: Buffer.concat(chunks).toString('utf8').slice(0, options.excerptChars),
            error: null,
          }),
        );
        response.on('error', (error) =>
          resolve({
            statusCode: response.statusCode ?? null,
            durationMs: elapsed(),
            excerpt: null,
            error: error.message,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`)));
    request.on('error', (error) =>
      resolve({ statusCode: null, durationMs: elapsed(), excerpt: null, error: error.message }),
    );
    request.end(options.body);
  });
}
