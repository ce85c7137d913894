import { describe, expect, it } from 'vitest';
import { addressRefusal, checkOutboundUrl, type Lookup } from './ssrf-guard';

const strict = { allowPrivate: false };
const lan = { allowPrivate: true };
const resolvesTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(url: string, policy = strict, lookup: Lookup = resolvesTo('93.184.216.34')) {
  const error = await checkOutboundUrl(url, policy, lookup).then(
    () => null,
    (caught: unknown) => caught,
  );
  return error as { code?: string; status?: number } | null;
}

describe('SSRF guard', () => {
  it('allows public http(s) URLs', async () => {
    const url = await checkOutboundUrl(
      'https://huggingface.co/x/resolve/main/m.gguf',
      strict,
      resolvesTo('18.239.50.1'),
    );
    expect(url.hostname).toBe('huggingface.co');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://x', 'https://user:pw@example.com/']) {
      expect(await refusal(url), url).toMatchObject({ code: 'url_not_allowed', status: 400 });
    }
  });

  it('never allows link-local, metadata, multicast or unspecified addresses', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.1.1',
      '0.0.0.0',
      '100.100.100.200',
      '224.0.0.1',
      'fe80::1',
      'fd00:ec2::254',
      '::',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(addressRefusal(address, lan), address).not.toBeNull();
    }
  });

  it('refuses loopback and private networks unless the policy allows them', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.5',
      '192.168.1.10',
      '100.64.0.1',
      '::1',
      'fd12::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(addressRefusal(address, strict), address).not.toBeNull();
      expect(addressRefusal(address, lan), address).toBeNull();
    }
    expect(addressRefusal('8.8.8.8', strict)).toBeNull();
    expect(addressRefusal('2606:4700::1111', strict)).toBeNull();
  });

  it('checks every address a name resolves to, and IP literals without DNS', async () => {
    expect(await refusal('http://mixed.example/', strict, resolvesTo('93.184.216.34', '10.0.0.1'))).toMatchObject({
      code: 'url_not_allowed',
    });
    expect(await refusal('http://rebind.example/', lan, resolvesTo('169.254.169.254'))).toMatchObject({
      code: 'url_not_allowed',
    });
    expect(await refusal('http://[::1]:11434/', strict)).toMatchObject({ code: 'url_not_allowed' });
    expect(await refusal('http://127.0.0.1:11434/', lan)).toBeNull();
    expect(
      await refusal('http://nowhere.invalid/', strict, async () => Promise.reject(new Error('ENOTFOUND'))),
    ).toMatchObject({
      code: 'url_not_allowed',
    });
  });
});

describe('SSRF matrix: every spelling of a forbidden address', () => {
  const FORBIDDEN = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://0/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[febf:ffff::1]/',
    'http://[fc00::1]/',
    'http://[fdff:1234::9]/',
    'http://10.0.0.1/',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://172.31.255.254/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[fd00:ec2::254]/',
    'http://224.0.0.1/',
    'http://239.255.255.250/',
    'http://[ff02::1]/',
    'http://[ff05::1:3]/',
    'http://255.255.255.255/',
    'http://evil@127.0.0.1/',
    'http://127.0.0.1@evil.example/',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'gopher://example.com:70/',
    'data:text/plain,hi',
    'javascript:alert(1)',
  ];

  it.each(FORBIDDEN)('refuses %s', async (url) => {
    expect(await refusal(url)).toMatchObject({ code: 'url_not_allowed', status: 400 });
  });

  it('refuses a DNS name that resolves to loopback, private or metadata addresses', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.1.1', '169.254.169.254', 'fd00:ec2::254']) {
      expect(await refusal('http://innocent.example/', strict, resolvesTo(address)), address).toMatchObject({
        code: 'url_not_allowed',
      });
    }
  });

  it('says in words why an address was refused', async () => {
    const error = (await refusal('http://192.168.0.10/')) as { message?: string } | null;
    expect(error?.message).toBe('This address is not allowed: it points to a private network.');
    const metadata = (await refusal('http://169.254.169.254/')) as { message?: string } | null;
    expect(metadata?.message).toMatch(/cloud metadata/);
  });

  it('lets public addresses through, including ones next to private ranges', async () => {
    for (const url of ['http://172.32.0.1/', 'http://100.128.0.1/', 'http://[2606:4700::1111]/', 'http://1.1.1.1/']) {
      expect(await refusal(url), url).toBeNull();
    }
  });
});

describe('SSRF guard: the intranet allowlist', () => {
  const policy = (...allowedHosts: string[]) => ({ allowPrivate: false, allowedHosts });

  it('allows named hosts, wildcards, IPs and CIDR ranges even when they are private', async () => {
    expect(await refusal('http://wiki.corp/', policy('wiki.corp'), resolvesTo('10.0.0.5'))).toBeNull();
    expect(await refusal('http://docs.corp.example/', policy('*.corp.example'), resolvesTo('10.0.0.6'))).toBeNull();
    expect(await refusal('http://10.20.3.4/', policy('10.20.0.0/16'))).toBeNull();
    expect(await refusal('http://intranet/', policy('10.20.0.0/16'), resolvesTo('10.20.9.9'))).toBeNull();
    expect(await refusal('http://[fd12::1]/', policy('fd12::1'))).toBeNull();
    expect(await refusal('http://localhost:8080/', policy('localhost'), resolvesTo('127.0.0.1'))).toBeNull();
  });

  it('does not widen to other hosts or addresses', async () => {
    expect(await refusal('http://other.corp/', policy('wiki.corp'), resolvesTo('10.0.0.5'))).not.toBeNull();
    expect(await refusal('http://10.21.0.1/', policy('10.20.0.0/16'))).not.toBeNull();
    expect(await refusal('http://127.0.0.1/', policy('localhost'))).not.toBeNull();
    expect(await refusal('http://corp/', policy('*.corp'), resolvesTo('10.0.0.1'))).not.toBeNull();
  });

  it('never allows metadata or link-local addresses, even for a named host', async () => {
    expect(await refusal('http://wiki.corp/', policy('wiki.corp'), resolvesTo('169.254.169.254'))).not.toBeNull();
    expect(await refusal('http://169.254.169.254/', policy('169.254.169.254'))).not.toBeNull();
    expect(await refusal('http://[fd00:ec2::254]/', policy('fd00::/8'))).not.toBeNull();
  });
});
