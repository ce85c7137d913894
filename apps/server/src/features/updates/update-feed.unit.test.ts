import { describe, expect, it } from 'vitest';
import { detectInstall, upgradeInstructions } from './install-type';
import { newestRelease } from './release-feed';

describe('release feed parsing', () => {
  it('takes the newest published release of a GitHub list, skipping drafts, prereleases and odd tags', () => {
    const release = newestRelease([
      { tag_name: 'v3.0.0', draft: true },
      { tag_name: 'v2.9.0', prerelease: true },
      { tag_name: 'nightly' },
      { tag_name: 'v2.10.0', body: 'Ten', html_url: 'https://example.test/v2.10.0' },
      { tag_name: 'v2.9.9', body: 'Nine' },
    ]);
    expect(release).toEqual({
      version: '2.10.0',
      tag: 'v2.10.0',
      notes: 'Ten',
      critical: false,
      url: 'https://example.test/v2.10.0',
      publishedAt: null,
    });
  });

  it("reads Hearth's own shape and a critical mark, and refuses links that are not http(s)", () => {
    expect(
      newestRelease({ releases: [{ version: '1.2', notes: 'x', critical: true, url: 'javascript:alert(1)' }] }),
    ).toMatchObject({ version: '1.2', tag: 'v1.2', critical: true, url: null });
    expect(newestRelease({ tag_name: 'v1.0.1', name: 'Patch [Critical]' })?.critical).toBe(true);
    expect(newestRelease([])).toBeNull();
    expect(newestRelease('not a feed')).toBeNull();
  });
});

describe('install detection and upgrade commands', () => {
  const none = () => false;

  it('prefers what the operator declared, then compose, a container, a git checkout', () => {
    expect(detectInstall({ declared: 'git', composeProject: 'x', root: '/app', exists: none }).type).toBe('git');
    expect(detectInstall({ composeProject: 'hearth', root: '/app', exists: none })).toEqual({
      type: 'compose',
      composeProject: 'hearth',
    });
    expect(detectInstall({ root: '/app', exists: (file) => file === '/.dockerenv' }).type).toBe('container');
    expect(detectInstall({ root: '/srv/hearth', exists: (file) => file === '/srv/hearth/.git' }).type).toBe('git');
    expect(detectInstall({ root: '/app', exists: none }).type).toBe('unknown');
  });

  it('gives exact commands for each, with nothing odd from a feed reaching the shell', () => {
    expect(upgradeInstructions({ type: 'compose', composeProject: 'home' }, 'v2.0.0').commands).toEqual([
      'git fetch --tags && git checkout v2.0.0',
      'docker compose -p home up -d --build',
    ]);
    expect(upgradeInstructions({ type: 'git', composeProject: null }, 'v2.0.0; rm -rf /').commands[0]).toBe(
      'git fetch --tags && git checkout v2.0.0rm-rf/',
    );
    expect(upgradeInstructions({ type: 'container', composeProject: null }, 'v2').commands).toContain(
      'docker build -t hearth .',
    );
    expect(upgradeInstructions({ type: 'unknown', composeProject: null }, 'v2').commands).toEqual([]);
  });
});
