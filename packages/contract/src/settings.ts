import { z } from 'zod';

/** Most entries the intranet allowlist takes. */
export const NETWORK_ALLOWED_HOSTS_MAX = 100;

const HOST_NAME = /^(\*\.)?(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]+$/i;

/** A host name (wiki.corp, *.corp.example), an IP address (10.0.0.5, fd12::1) or a CIDR range (10.20.0.0/16). */
export const AllowedHost = z
  .string()
  .trim()
  .min(1, 'An entry is empty')
  .max(260)
  .transform((value) => value.toLowerCase().replace(/^\[|\]$/g, ''))
  .refine(
    (value) => {
      const [address = '', prefix, extra] = value.split('/');
      if (extra !== undefined) return false;
      if (prefix !== undefined) {
        if (!/^\d{1,3}$/.test(prefix)) return false;
        return IPV4.test(address) ? Number(prefix) <= 32 : IPV6.test(address) && address.includes(':');
      }
      return HOST_NAME.test(address) || IPV4.test(address) || (address.includes(':') && IPV6.test(address));
    },
    { message: 'Enter a host name, an IP address or a CIDR range (e.g. wiki.corp, 10.0.0.5, 10.20.0.0/16)' },
  );

/** GET /api/admin/settings/network (and PUT's answer): hosts on the intranet that user-supplied URLs may reach. */
export const NetworkSettings = z.object({ allowed_hosts: z.array(z.string()) });
export type NetworkSettings = z.infer<typeof NetworkSettings>;

/** PUT /api/admin/settings/network: the whole list, replaced. */
export const NetworkSettingsBody = z.object({
  allowed_hosts: z.array(AllowedHost).max(NETWORK_ALLOWED_HOSTS_MAX),
});
export type NetworkSettingsBody = z.input<typeof NetworkSettingsBody>;
