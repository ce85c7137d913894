import { describe, expect, it } from 'vitest';
import { allowlistEntryProblem, HostAllowlist } from './host-allowlist';
import { embeddedIpv4Range } from './ip-address';
import { checkOutboundUrl } from './ssrf-guard';

const TOO_WIDE = /too wide/;

/** Each spelling of "every IPv4 address" (or of a range wider than /8) an admin could type. */
const WIDE_IPV4_SPELLINGS = [
  '::ffff:1.0.0.0/96', // IPv4-mapped, /96 = IPv4 /0
  '::ffff:0:0/96',
  '::ffff:10.0.0.0/100', // IPv4 /4
  '::ffff:0:1.0.0.0/96', // IPv4-translated
  '::ffff:0:a00:0/100',
  '::1.0.0.0/96', // IPv4-compatible
  '::10.0.0.0/103',
  '64:ff9b::1.0.0.0/96', // NAT64
  '64:ff9b::a00:0/100',
  '2002:100::/16', // 6to4: the IPv4 sits in bits 16-48
  '2002:a00::/20',
  '2002:a00::/23',
];

/** Ranges that contain a whole embedded-IPv4 form, so every IPv4 address. */
const CONTAINING_RANGES = [
  '::/16',
  '0:0:0:1::/16',
  '::/64',
  '::/80',
  '::ffff:0:0/95',
  '64::/16',
  '64:ff9b::/32',
  '2000::/4',
];

describe('host allowlist: embedded IPv4 ranges', () => {
  it('refuses IPv4 written as IPv6 wider than /8, in every spelling', () => {
    for (const entry of WIDE_IPV4_SPELLINGS) expect(allowlistEntryProblem(entry), entry).toMatch(TOO_WIDE);
  });

  it('refuses IPv6 ranges that contain a whole embedded-IPv4 range', () => {
    for (const entry of CONTAINING_RANGES) expect(allowlistEntryProblem(entry), entry).toMatch(/too wide|never/);
  });

  it('accepts IPv4 written as IPv6 at /8 or narrower, in every spelling', () => {
    for (const entry of [
      '::ffff:10.0.0.0/104',
      '::ffff:0:10.0.0.0/104',
      '::10.0.0.0/104',
      '64:ff9b::10.0.0.0/104',
      '2002:a00::/24',
      '2002:a14:300::/40',
    ]) {
      expect(allowlistEntryProblem(entry), entry).toBeNull();
    }
  });

  it('refuses IPv4 written as IPv6 that lands on metadata, link-local or reserved addresses', () => {
    for (const entry of ['::ffff:169.254.0.0/112', '2002:a9fe::/32', '64:ff9b::0.0.0.0/104', '::ffff:a9fe:a9fe']) {
      expect(allowlistEntryProblem(entry), entry).not.toBeNull();
    }
  });

  it('reads the IPv4 range an IPv6 range carries, 6to4 included', () => {
    expect(embeddedIpv4Range('::ffff:10.0.0.0', 104)).toEqual({ kind: 'inside', ipv4: '10.0.0.0', prefix: 8 });
    expect(embeddedIpv4Range('::ffff:1.0.0.0', 96)).toEqual({ kind: 'inside', ipv4: '0.0.0.0', prefix: 0 });
    expect(embeddedIpv4Range('2002:a14:300::', 40)).toEqual({ kind: 'inside', ipv4: '10.20.3.0', prefix: 24 });
    expect(embeddedIpv4Range('2002:a14:300::', 64)).toEqual({ kind: 'inside', ipv4: '10.20.3.0', prefix: 32 });
    expect(embeddedIpv4Range('64:ff9b::c0a8:0', 112)).toEqual({ kind: 'inside', ipv4: '192.168.0.0', prefix: 16 });
    expect(embeddedIpv4Range('::', 16)).toEqual({ kind: 'contains' });
    expect(embeddedIpv4Range('2000::', 3)).toEqual({ kind: 'contains' });
    expect(embeddedIpv4Range('fd12::', 64)).toBeNull();
  });

  it('matches an accepted IPv6-written range as the IPv4 range it carries, 6to4 included', () => {
    const allowlist = new HostAllowlist(['2002:a00::/24', '::ffff:192.168.1.0/120']);
    expect(allowlist.allowsAddress('10.200.3.4')).toBe(true);
    expect(allowlist.allowsAddress('2002:ac8:304::1')).toBe(true); // 6to4 of 10.200.3.4
    expect(allowlist.allowsAddress('11.0.0.1')).toBe(false);
    expect(allowlist.allowsAddress('127.0.0.1')).toBe(false);
    expect(allowlist.allowsAddress('192.168.1.77')).toBe(true);
    expect(allowlist.allowsAddress('::ffff:192.168.1.77')).toBe(true);
    expect(allowlist.allowsAddress('192.168.2.1')).toBe(false);
  });

  it('leaves out over-wide entries saved before the rule, so loopback stays refused', async () => {
    const allowlist = new HostAllowlist([...WIDE_IPV4_SPELLINGS, ...CONTAINING_RANGES]);
    for (const address of ['127.0.0.1', '10.0.0.1', '192.168.0.1', '::ffff:127.0.0.1']) {
      expect(allowlist.allowsAddress(address), address).toBe(false);
    }
    const policy = { allowPrivate: false, allowedHosts: ['::ffff:1.0.0.0/96', '0:0:0:1::/16'] };
    const error = await checkOutboundUrl('http://127.0.0.1/', policy).then(
      () => null,
      (refused: unknown) => refused,
    );
    expect(error).toMatchObject({ code: 'url_not_allowed' });
  });

  it('keeps plain IPv6 ranges and single addresses working', () => {
    for (const entry of ['fd12::/64', 'fd12::/16', 'fd12::1', '::1', '::1/128', '::ffff:10.0.0.5', '10.0.0.5/32']) {
      expect(allowlistEntryProblem(entry), entry).toBeNull();
    }
    const allowlist = new HostAllowlist(['fd12::/64', '::1/128']);
    expect(allowlist.allowsAddress('fd12::abcd')).toBe(true);
    expect(allowlist.allowsAddress('::1')).toBe(true);
    expect(allowlist.allowsAddress('fd13::1')).toBe(false);
    expect(allowlist.allowsAddress('127.0.0.1')).toBe(false);
  });
});
