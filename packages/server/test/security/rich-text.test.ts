import { describe, expect, it } from 'vitest';
import { RICH_TEXT_CASES } from '../../../domain/test/rich-text-cases';
import { sanitizeRichText } from '../../src/lib/html';

/**
 * The server's half of the one rich-text policy (domain rich-text.ts): sanitizeRichText keeps exactly
 * what the shared cases say; the web's SafeHtml is held to the same cases
 * (web components/safe-html.test.tsx).
 */
describe('sanitizeRichText', () => {
  for (const c of RICH_TEXT_CASES)
    it(`keeps what the policy keeps: ${c.name}`, () => {
      expect(sanitizeRichText(c.html)).toBe(c.kept);
    });

  it('answers the same for its own output (stored rich text is stable)', () => {
    for (const c of RICH_TEXT_CASES) expect(sanitizeRichText(c.kept)).toBe(c.kept);
  });
});
