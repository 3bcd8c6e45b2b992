import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth';

/** Nesting of a parsed value, counted the plain recursive way. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe('JSON nesting read from the text', () => {
  it('agrees with the nesting of the parsed value, brackets and escapes inside strings included', () => {
    const tricky = fc.constantFrom('[', ']', '{', '}', '"', '\\', '\\"', '\\\\"[', 'a');
    const text = fc.oneof(
      fc.string(),
      fc.array(tricky).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6, depthSize: 'medium' }), text, (value, s) => {
        const document = JSON.stringify({ s, value });
        const depth = depthOf(JSON.parse(document));
        for (let limit = 0; limit <= 8; limit += 1) {
          expect(jsonNestsDeeperThan(document, limit)).toBe(depth > limit);
        }
      }),
    );
  });

  it('stops at the first level past the limit of a very deep text', () => {
    expect(jsonNestsDeeperThan(`${'['.repeat(30_000)}${']'.repeat(30_000)}`, 32)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(32)}${']'.repeat(32)}`, 32)).toBe(false);
  });
});
