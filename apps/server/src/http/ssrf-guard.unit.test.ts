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
