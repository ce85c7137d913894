import { afterEach, describe, expect, it } from 'vitest';
import { PENDING_UPDATE_KEY, PENDING_UPDATE_MAX_AGE_MS, storePendingUpdate, takePendingUpdate } from './pending-update';

afterEach(() => window.localStorage.clear());

describe('pending update (Update Now → reload → finalise)', () => {
  it('hands the stored version back once, to the user who started it', () => {
    storePendingUpdate('2.0.0', 'alice', 1_000);
    expect(JSON.parse(window.localStorage.getItem(PENDING_UPDATE_KEY) ?? 'null')).toEqual({
      version: '2.0.0',
      userId: 'alice',
      requestedAt: 1_000,
    });
    expect(takePendingUpdate('bob', 2_000)).toBeNull();
    expect(takePendingUpdate('alice', 2_000)).toEqual({ version: '2.0.0', userId: 'alice', requestedAt: 1_000 });
    expect(takePendingUpdate('alice', 3_000)).toBeNull();
  });

  it('forgets an abandoned or unreadable entry', () => {
    storePendingUpdate('2.0.0', 'alice', 0);
    expect(takePendingUpdate('alice', PENDING_UPDATE_MAX_AGE_MS + 1)).toBeNull();
    expect(window.localStorage.getItem(PENDING_UPDATE_KEY)).toBeNull();
    window.localStorage.setItem(PENDING_UPDATE_KEY, '{not json');
    expect(takePendingUpdate('alice')).toBeNull();
    expect(window.localStorage.getItem(PENDING_UPDATE_KEY)).toBeNull();
  });
});
