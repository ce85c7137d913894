import { describe, expect, it } from 'vitest';
import { checkSendGates } from './send-gates';

const ready = { ready: true, connected: true, selected: 'llama3:latest' };

describe('checkSendGates (spec §5, §8)', () => {
  it('lets a signed-in user with a connected, selected model send', () => {
    expect(checkSendGates({ signedIn: true, model: ready })).toBeNull();
  });

  it('asks for a login first', () => {
    expect(checkSendGates({ signedIn: false, model: ready })).toEqual({
      title: 'Authentication required',
      description: 'Please log in to start a conversation.',
    });
  });

  it('refuses while the system is still initialising, when disconnected, and without a model', () => {
    expect(checkSendGates({ signedIn: true, model: { ...ready, ready: false } })?.title).toBe('System Not Ready');
    expect(checkSendGates({ signedIn: true, model: { ...ready, connected: false } })?.title).toBe(
      'AI Service Unavailable',
    );
    expect(checkSendGates({ signedIn: true, model: { ...ready, selected: null } })?.title).toBe('No Model Selected');
  });
});
