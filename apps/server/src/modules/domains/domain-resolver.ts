import { Resolver } from 'node:dns/promises';

/** Reads a domain's DNS TXT records (each record's strings joined, as RFC 7208 reads them). */
export type DomainResolver = { txt(domain: string): Promise<string[]> };

/** Answers that mean "no such record" rather than a failure to ask. */
const noRecordCodes = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

/**
 * The DNS resolver behind domain verification: node's own, on the system's name servers or on
 * those DNS_SERVERS names (an internal resolver; the tests start one on loopback). A domain with no
 * TXT record gives an empty list; a name server that cannot be reached is an error.
 */
export function dnsResolver(servers: readonly string[] = []): DomainResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    async txt(domain) {
      try {
        return (await resolver.resolveTxt(domain)).map((chunks) => chunks.join(''));
      } catch (error) {
        if (noRecordCodes.has((error as NodeJS.ErrnoException).code ?? '')) return [];
        throw error;
      }
    },
  };
}
