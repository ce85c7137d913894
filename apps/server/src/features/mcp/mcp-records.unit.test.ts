import { describe, expect, it } from 'vitest';
import { flattenResult, MAX_RESULT_CHARS } from './mcp-connector';
import { canUse, modelToolName, slugify } from './mcp-records';
import type { McpServerRecord } from './mcp-server.repository';

const record = (row: Partial<McpServerRecord['row']>, grants: Partial<McpServerRecord['grants'][number]>[] = []) =>
  ({
    row: { enabled: 1, everyone: 0, ...row },
    grants: grants.map((grant) => ({ organization_id: null, group_id: null, ...grant })),
    tools: [],
  }) as unknown as McpServerRecord;

describe('MCP tool names', () => {
  it('makes names models accept: <slug>__<tool>, at most 64 characters', () => {
    expect(slugify('Orders API (prod)')).toBe('orders_api_prod');
    expect(slugify('日本')).toBe('mcp');
    expect(modelToolName('orders', 'look.up order')).toBe('orders__look_up_order');
    const long = modelToolName(slugify('x'.repeat(80)), 'y'.repeat(80));
    expect(long).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });
});

describe('who may use a server', () => {
  const viewer = { organizationId: 'org-1', groupIds: ['g-1'] };
  it('follows enabled, everyone, and the organisation and group grants', () => {
    expect(canUse(record({ everyone: 1 }), viewer)).toBe(true);
    expect(canUse(record({ everyone: 1, enabled: 0 }), viewer)).toBe(false);
    expect(canUse(record({}, [{ organization_id: 'org-1' }]), viewer)).toBe(true);
    expect(canUse(record({}, [{ group_id: 'g-1' }]), viewer)).toBe(true);
    expect(canUse(record({}, [{ organization_id: 'org-2' }, { group_id: 'g-2' }]), viewer)).toBe(false);
    expect(canUse(record({}, [{ organization_id: 'org-1' }]), { organizationId: null, groupIds: [] })).toBe(false);
  });
});

describe('tool results as text', () => {
  it('keeps text parts, describes the rest, and caps the size', () => {
    const text = flattenResult({
      content: [
        { type: 'text', text: 'first' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inline' } },
        { type: 'resource_link', uri: 'https://example.com/doc' },
      ],
    });
    expect(text).toBe('first\n[image: image/png]\ninline\n[resource: https://example.com/doc]');
    expect(flattenResult({ content: [], structuredContent: { total: 3 } })).toBe('{"total":3}');
    const long = flattenResult({ content: [{ type: 'text', text: 'x'.repeat(MAX_RESULT_CHARS + 10) }] });
    expect(long.length).toBeLessThan(MAX_RESULT_CHARS + 20);
    expect(long.endsWith('[truncated]')).toBe(true);
  });
});
