import { describe, expect, it } from 'vitest';
import { allowlistEntryProblem } from './host-allowlist';
import { canonicalAddress, classifyAddress, embeddedIpv4, ipv6Groups } from './ip-address';

describe('IP address classification', () => {
  it('expands IPv6 spellings to the same eight groups', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('0:0:0:0:0:0:0:1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(ipv6Groups('127.0.0.1')).toBeNull();
  });

  it('unwraps IPv4 carried inside IPv6', () => {
    expect(embeddedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIpv4('::ffff:0:a00:1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIpv4('64:ff9b::c0a8:1')).toBe('192.168.0.1');
    expect(embeddedIpv4('2002:a00:1::1')).toBe('10.0.0.1');
    expect(embeddedIpv4('::1')).toBeNull();
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
    expect(canonicalAddress('[::ffff:127.0.0.1]')).toEqual({ ip: '127.0.0.1', family: 'ipv4' });
    expect(canonicalAddress('fe80::1%eth0')).toEqual({ ip: 'fe80::1', family: 'ipv6' });
  });

  it('names each kind of address', () => {
    expect(classifyAddress('127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::1')).toBe('loopback');
    expect(classifyAddress('10.0.0.1')).toBe('private');
    expect(classifyAddress('fd12::1')).toBe('private');
    expect(classifyAddress('169.254.169.254')).toBe('metadata');
    expect(classifyAddress('100.100.100.200')).toBe('metadata');
    expect(classifyAddress('fd00:ec2::254')).toBe('metadata');
    expect(classifyAddress('169.254.10.1')).toBe('link_local');
    expect(classifyAddress('fe80::1')).toBe('link_local');
    expect(classifyAddress('224.0.0.251')).toBe('multicast');
    expect(classifyAddress('ff02::fb')).toBe('multicast');
    expect(classifyAddress('0.0.0.0')).toBe('reserved');
    expect(classifyAddress('::')).toBe('reserved');
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('not-an-ip')).toBe('invalid');
  });

  it('takes only what node:net takes as an address, so inet_aton shorthands ipaddr.js reads stay invalid', () => {
    for (const shorthand of [
      '0x7f.1',
      '017700000001',
      '0x7f000001',
      '127.1',
      '0177.0.0.1',
      '010.0.0.1',
      '::ffff:010.0.0.1',
      '::ffff:0x7f.0.0.1',
    ]) {
      expect(classifyAddress(shorthand), shorthand).toBe('invalid');
      expect(canonicalAddress(shorthand), shorthand).toBeNull();
    }
    expect(allowlistEntryProblem('010.0.0.0/8')).not.toBeNull();
    expect(allowlistEntryProblem('0x7f.0.0.1/32')).not.toBeNull();
  });

  it('reads ::a.b.c.d as the IPv4-compatible address Node connects to, not as IPv4-mapped', () => {
    expect(ipv6Groups('::0.0.0.1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::192.168.1.1')).toEqual([0, 0, 0, 0, 0, 0, 0xc0a8, 0x101]);
    expect(classifyAddress('::0.0.0.1')).toBe('loopback');
    expect(classifyAddress('[::0.0.0.1]')).toBe('loopback');
    expect(classifyAddress('::0.0.0.0')).toBe('reserved');
    expect(classifyAddress('::192.168.1.1')).toBe('private');
    expect(classifyAddress('fe80::1%eth0.5')).toBe('link_local');
  });

  it('validates allowlist entries', () => {
    for (const good of [
      'wiki.corp',
      '*.corp.example',
      '10.0.0.5',
      '10.20.0.0/16',
      'fd12::1',
      'fd12::/64',
      'localhost',
    ]) {
      expect(allowlistEntryProblem(good), good).toBeNull();
    }
    for (const bad of [
      '',
      'http://wiki',
      'wiki corp',
      '10.0.0.0/33',
      '0.0.0.0/0',
      '10.0.0.0/4',
      '169.254.169.254',
      'a/b/c',
    ]) {
      expect(allowlistEntryProblem(bad), bad).not.toBeNull();
    }
  });
});
