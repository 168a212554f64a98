import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, threadVersion } from '#shared/workspaces/thread-version';

const nodeSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('threadVersion', () => {
  it('is the SHA-256 of the posts’ texts in order, as node computes it', () => {
    const posts = [{ content: 'First: the harbour at dawn 🌅' }, { content: 'Second — naïve café' }];
    expect(threadVersion(posts)).toBe(
      nodeSha256(Buffer.from(JSON.stringify(['First: the harbour at dawn 🌅', 'Second — naïve café']), 'utf8')),
    );
  });

  it('agrees with node on inputs around every padding boundary', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1_000]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 31 + 7) % 256);
      expect(sha256Hex(bytes), `${length} bytes`).toBe(nodeSha256(bytes));
    }
  });

  it('changes with any edit, a reorder, or text moved between posts, and only depends on the texts', () => {
    const base = threadVersion([{ content: 'one two' }, { content: 'three' }]);
    expect(threadVersion([{ content: 'one two' }, { content: 'three' }])).toBe(base);
    expect(threadVersion([{ content: 'one two' }, { content: 'three.' }])).not.toBe(base);
    expect(threadVersion([{ content: 'three' }, { content: 'one two' }])).not.toBe(base);
    expect(threadVersion([{ content: 'one' }, { content: 'two three' }])).not.toBe(base);
    expect(threadVersion([{ content: 'one two', id: 'a' } as { content: string }, { content: 'three' }])).toBe(base);
  });
});
