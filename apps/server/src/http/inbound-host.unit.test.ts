import { describe, expect, it } from 'vitest';
import { hostAllowed, hostNameOf } from './inbound-host';

const options = {
  publicUrl: 'https://Chat.Example.com/app',
  allowedHosts: ['wiki.corp', 'lab.corp:8443'],
  listenHost: 'hearth.lan',
};

describe('inbound Host check', () => {
  it('reads the host name of a Host header, without port or IPv6 brackets', () => {
    expect(hostNameOf('Example.COM:3000')).toBe('example.com');
    expect(hostNameOf('[::1]:3000')).toBe('::1');
    expect(hostNameOf('example.com.')).toBe('example.com');
    expect(hostNameOf('a:b:c')).toBeNull();
  });

  it.each([
    'localhost:3000',
    'LOCALHOST',
    'app.localhost',
    '127.0.0.1:3000',
    '10.1.2.3',
    '[::1]:3000',
    'chat.example.com',
    'wiki.corp:3000',
    'lab.corp:8443',
    'hearth.lan:3000',
  ])('allows %s', (host) => expect(hostAllowed(host, options)).toBe(true));

  it.each([undefined, '', 'evil.example', 'localhost.evil.example', 'lab.corp:9999', 'example.com', '::1'])(
    'refuses %s',
    (host) => expect(hostAllowed(host, options)).toBe(false),
  );
});
