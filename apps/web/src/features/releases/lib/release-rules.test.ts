import type { AppVersion } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { formatDuration, versionActions, versionNumberProblem } from './release-rules';

const version = (deployment_status: AppVersion['deployment_status'], release: string | null = null): AppVersion => ({
  id: 'v',
  version: '1.0.0',
  release_notes: '',
  is_critical: false,
  deployment_status,
  deployed_at: null,
  created_by_user_id: null,
  created_at: '2026-01-01T00:00:00Z',
  github_release_id: release,
  github_commit_sha: null,
  deployment_error: null,
});

describe('release rules', () => {
  it('shows durations as m:ss, or In progress...', () => {
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T00:01:05Z')).toBe('1:05');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.900Z')).toBe('0:00');
    expect(formatDuration('2026-01-01T00:00:00Z', '2026-01-01T01:02:03Z')).toBe('62:03');
    expect(formatDuration('2026-01-01T00:00:00Z', null)).toBe('In progress...');
  });

  it('accepts dotted numbers only', () => {
    expect(versionNumberProblem('1.2.3')).toBeNull();
    expect(versionNumberProblem(' 2.0 ')).toBeNull();
    expect(versionNumberProblem('')).toBe('Version number is required');
    expect(versionNumberProblem('v1.0')).toMatch(/dotted numbers/);
    expect(versionNumberProblem('1.0-beta')).toMatch(/dotted numbers/);
  });

  it('offers the moves of each state', () => {
    expect(versionActions(version('draft'), true)).toEqual({
      stage: true,
      deploy: false,
      deployViaGithub: false,
      rollback: false,
      rollbackViaGithub: false,
      delete: true,
    });
    expect(versionActions(version('staged'), true)).toMatchObject({
      deploy: true,
      deployViaGithub: true,
      delete: true,
    });
    expect(versionActions(version('staged'), false).deployViaGithub).toBe(false);
    expect(versionActions(version('live'), true)).toMatchObject({
      rollback: true,
      rollbackViaGithub: false,
      delete: false,
    });
    expect(versionActions(version('live', '42'), true).rollbackViaGithub).toBe(true);
    expect(versionActions(version('rollback', '42'), true)).toMatchObject({ rollback: false, delete: true });
  });
});
