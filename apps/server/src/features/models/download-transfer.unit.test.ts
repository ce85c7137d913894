import { describe, expect, it } from 'vitest';
import { sha256FromEtag } from './download-transfer';

const SHA = '270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d';

describe('sha256FromEtag', () => {
  it('reads a sha256 in the forms hosts send it', () => {
    expect(sha256FromEtag(`"${SHA}"`)).toBe(SHA);
    expect(sha256FromEtag(`W/"${SHA.toUpperCase()}"`)).toBe(SHA);
    expect(sha256FromEtag(SHA)).toBe(SHA);
    expect(sha256FromEtag([`"${SHA}"`])).toBe(SHA);
  });

  it('ignores anything that is not one: a git blob sha1, a storage etag, nothing', () => {
    expect(sha256FromEtag('"0123456789abcdef0123456789abcdef01234567"')).toBeNull();
    expect(sha256FromEtag('"d41d8cd98f00b204e9800998ecf8427e-12"')).toBeNull();
    expect(sha256FromEtag(`"${SHA}x"`)).toBeNull();
    expect(sha256FromEtag(undefined)).toBeNull();
    expect(sha256FromEtag('')).toBeNull();
  });
});
