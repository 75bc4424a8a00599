import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commentHits, formatHit, scanRepository } from './source-comments';

/**
 * The comment rule (docs/architecture.md "Comments"): source comments state the rule or the spec
 * section, never an issue number or who wrote what. A failure lists each comment as file:line.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const hitLines = (file: string, text: string) => commentHits(file, text).map((h) => h.line);

describe('source comments and test titles', () => {
  it('name no issue and no author anywhere in the scanned folders', { timeout: 60_000 }, () => {
    const hits = scanRepository(ROOT).map(formatHit);
    expect(hits, `comments to reword (state the rule or the spec section):\n${hits.join('\n')}`).toEqual([]);
  });

  it('finds issue references and authors in line and block comments, TSX and CSS', () => {
    const source = [
      'const a = 1; // issue 12',
      '/**',
      ' * The notice (Issue 8): read first.',
      ' * Fixes #34.',
      ' */',
      'const b = 2; /* added in session H5b */',
      '// we added this for the lead',
      '// Written by Claude',
      '// TODO(alice): remove',
      "// see the issue's list",
    ].join('\n');
    expect(hitLines('a.ts', source)).toEqual([1, 3, 4, 6, 7, 8, 9, 10]);
    expect(hitLines('b.tsx', 'const x = <div>{/* issue 3 */}</div>;')).toEqual([1]);
    expect(hitLines('c.css', '.a {\n  color: red; /* #12 */\n}')).toEqual([2]);
    // A test's title documents it as a comment does.
    const titles = [
      "describe('age limits (issue 8)', () => {",
      "  it.each([1])('case %s of issue 9', () => {});",
      '  test.skip(`fixed for the reviewer (Issue 3)`, () => {});',
      "  it('keeps the rule', () => {});",
      '});',
    ].join('\n');
    expect(hitLines('d.test.ts', titles)).toEqual([1, 2, 3]);
  });

  it('leaves code, strings, JSX text and the ordinary words alone', () => {
    const source = [
      "const s = 'issue 12 // not a comment';",
      'const r = /#12|issue 3/;',
      'const t = `/* issue 4 */`;',
      '// A zod issue names its path; the login session ends on logout; a test helper.',
      '// Colours #000 and #1658c9; PKCS#7 padding; H2 headings; ticket 2 of the plan.',
      '// Written by hand into the database; the issued ID card.',
    ].join('\n');
    expect(hitLines('a.ts', source)).toEqual([]);
    expect(hitLines('b.tsx', 'const x = <p>// issue 3 is text here</p>;')).toEqual([]);
  });
});
