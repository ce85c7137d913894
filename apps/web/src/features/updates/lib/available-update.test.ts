import type { UpdateNotification, UpdatesResponse } from '@hearth/contract';
import { describe, expect, it } from 'vitest';
import { availableUpdate, currentVersion } from './available-update';

const latest = (version: string, extra: Partial<NonNullable<UpdatesResponse['latest']>> = {}) => ({
  id: `v-${version}`,
  version,
  release_notes: `Notes ${version}`,
  is_critical: false,
  deployed_at: '2026-11-22T00:00:00.000Z',
  ...extra,
});

const notification = (versionId: string, extra: Partial<UpdateNotification> = {}): UpdateNotification => ({
  id: `n-${versionId}-${Math.random()}`,
  version_id: versionId,
  version: versionId.slice(2),
  title: 'Update available',
  message: 'A new version is available',
  release_notes: '',
  is_critical: false,
  notification_type: 'update_available',
  is_read: false,
  read_at: null,
  dismissed_at: null,
  created_at: '2026-11-22T00:00:00.000Z',
  ...extra,
});

const response = (extra: Partial<UpdatesResponse>): UpdatesResponse => ({
  latest: null,
  last_updated_version: null,
  notifications: [],
  latest_dismissed: false,
  server_version: '1.0.0',
  ...extra,
});

describe('availableUpdate (the card’s visibility rules)', () => {
  it('is hidden with no data, no live version and no notifications', () => {
    expect(availableUpdate(undefined, '1.0.0')).toBeNull();
    expect(availableUpdate(response({}), '1.0.0')).toBeNull();
  });

  it('is hidden when the running version equals the latest, with missing parts as 0', () => {
    expect(availableUpdate(response({ latest: latest('1.0.0') }), '1.0.0')).toBeNull();
    expect(availableUpdate(response({ latest: latest('1.0') }), '1.0.0')).toBeNull();
    const withNotice = response({ latest: latest('1.0'), notifications: [notification('v-1.0')] });
    expect(availableUpdate(withNotice, '1.0.0')).toBeNull();
  });

  it('is hidden when the running build is newer than anything live', () => {
    expect(availableUpdate(response({ latest: latest('1.9.9') }), '1.10.0')).toBeNull();
  });

  it('shows a newer live version, compared number by number', () => {
    const update = availableUpdate(response({ latest: latest('1.10.0') }), '1.9.9');
    expect(update).toMatchObject({ version: '1.10.0', releaseNotes: 'Notes 1.10.0', isCritical: false });
    expect(update?.unreadIds).toEqual([]);
    expect(update?.dismissed).toBe(false);
  });

  it('counts the version the user last finished updating to as the current one', () => {
    expect(currentVersion('1.0.0', '2.0.0')).toBe('2.0.0');
    expect(currentVersion('3.0.0', '2.0.0')).toBe('3.0.0');
    expect(currentVersion('1.0.0', null)).toBe('1.0.0');
    expect(availableUpdate(response({ latest: latest('2.0'), last_updated_version: '2.0.0' }), '1.0.0')).toBeNull();
    expect(availableUpdate(response({ latest: latest('2.1'), last_updated_version: '2.0.0' }), '1.0.0')).not.toBeNull();
  });

  it('carries the Critical flag and the unread notifications of that version only', () => {
    const unread = notification('v-2.0.0');
    const read = notification('v-2.0.0', { is_read: true, read_at: '2026-11-22T00:00:01.000Z' });
    const other = notification('v-1.5.0');
    const update = availableUpdate(
      response({ latest: latest('2.0.0', { is_critical: true }), notifications: [unread, read, other] }),
      '1.0.0',
    );
    expect(update?.isCritical).toBe(true);
    expect(update?.unreadIds).toEqual([unread.id]);
  });

  it('starts put away when the user dismissed that version’s notifications', () => {
    expect(availableUpdate(response({ latest: latest('2.0.0'), latest_dismissed: true }), '1.0.0')?.dismissed).toBe(
      true,
    );
  });
});
