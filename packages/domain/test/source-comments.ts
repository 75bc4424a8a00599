import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The comment rule (docs/architecture.md "Comments"): a source comment states the rule or
 * the spec section it follows, never the history of the change. So no issue or pull-request
 * references and no names of who wrote what (a person, a tool, a working session). Test titles
 * (describe, it, test) are read as comments. This module finds the comments that break it;
 * source-comments.test.ts runs it over the repository.
 */

/** The folders whose files are scanned, from the repository root. */
export const SCANNED_FOLDERS = [
  'packages/domain/src',
  'packages/domain/test',
  'packages/server/src',
  'packages/server/test',
  'packages/server/bench',
  'packages/web/src',
  'packages/web/test',
  'packages/web/bench',
  'packages/web/e2e',
];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const CSS = /\.css$/;

/**
 * What a comment must not say, each with the reason shown next to a hit. The patterns are narrow on
 * purpose: "session" (the login session), "helper" (a helper function) or "#000" (a colour) alone are
 * ordinary words of this code base.
 */
export const FORBIDDEN: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /\b(?:issues?|PRs?|pull requests?)\s*#?\d+/i, why: 'an issue or pull-request number' },
  { pattern: /\(\s*issue\b|\bissue\s*\)|\/\s*issue\b/i, why: 'an issue reference' },
  {
    pattern: /\bthe issue(?:'s\b|\s+(?:asks|says|wants|requires|lists|names)\b)/i,
    why: 'an issue reference',
  },
  // Three or six digits may be a colour (#000, #222222) unless in parentheses.
  { pattern: /(?:^|[\s,;])#(?:\d{1,2}|\d{4,5})(?![\w-])|\(#\d+\)/, why: 'an issue number (#N)' },
  { pattern: /\b(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|see|per|from)\s+#\d+/i, why: 'an issue number' },
  // An H and a number alone is a heading level; a session's name carries a letter or its kind.
  { pattern: /\b(?:helper|session|agent)\s+H?\d+[a-z]?\b|\bH\d+[a-z]\b/, why: 'a working session' },
  { pattern: /\b(?:Claude|Anthropic|ChatGPT|GPT-\d|Copilot|Codex|LLM)\b/, why: 'an author or tool name' },
  {
    pattern: /\b(?:we|I)\s+(?:added|changed|fixed|moved|removed|introduced|wrote|rewrote|refactored)\b/i,
    why: 'who changed it (state the rule instead)',
  },
  {
    pattern:
      /\b(?:reported|told|asked|flagged|mentioned)\s+(?:to|by)\s+the\s+(?:lead|reviewer|maintainers?|team)\b/i,
    why: 'who was told (state the rule instead)',
  },
  { pattern: /\b(?:co-)?authored[- ]by\b/i, why: 'an author' },
  { pattern: /\b(?:TODO|FIXME|XXX)\s*\(\s*[A-Za-z][\w-]*\s*\)/, why: 'a TODO signed by its author' },
];

export interface CommentHit {
  /** Path from the repository root. */
  file: string;
  line: number;
  why: string;
  text: string;
}

/** The comments of a TypeScript or JavaScript source, with their start offsets (JSX text excluded). */
function sourceComments(fileName: string, text: string): { pos: number; text: string }[] {
  const kind = /\.(tsx|jsx)$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const comments: { pos: number; text: string }[] = [];
  const jsxText: [number, number][] = [];
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      comments.push({ pos: r.pos, text: text.slice(r.pos, r.end) });
    }
  };
  // Every token's leading and trailing trivia holds the file's comments. JSX text is no trivia, but
  // the scan after the token before it reads it as such: those are dropped below.
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    const title = testTitle(node);
    if (title) comments.push({ pos: title.getStart(source), text: title.getText(source) });
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return comments.filter((c) => !jsxText.some(([start, end]) => c.pos >= start && c.pos < end));
}

/** Test functions whose first argument is a title read like a comment: describe, it, test. */
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test']);

/**
 * The title of a test call (`describe('…')`, `it.each(…)('…')`, `test.skip('…')`): a string literal
 * the rule reads as it reads comments, since a test's name is its documentation. Null for other nodes.
 */
function testTitle(node: ts.Node): ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | null {
  if (!ts.isCallExpression(node)) return null;
  let callee: ts.Expression = node.expression;
  while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee))
    callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
  if (!ts.isIdentifier(callee) || !TEST_FUNCTIONS.has(callee.text)) return null;
  const first = node.arguments[0];
  return first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) ? first : null;
}

/** The /* … *\/ comments of a stylesheet. */
function cssComments(text: string): { pos: number; text: string }[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ pos: m.index, text: m[0] }));
}

/** The lines of `text`'s comments that break the rule (file is the path shown). */
export function commentHits(file: string, text: string): CommentHit[] {
  const comments = CSS.test(file) ? cssComments(text) : sourceComments(file, text);
  const hits: CommentHit[] = [];
  for (const comment of comments) {
    const firstLine = text.slice(0, comment.pos).split('\n').length;
    comment.text.split('\n').forEach((line, i) => {
      const rule = FORBIDDEN.find((f) => f.pattern.test(line));
      if (rule) hits.push({ file, line: firstLine + i, why: rule.why, text: line.trim() });
    });
  }
  return hits.sort((a, b) => a.line - b.line);
}

function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every hit under SCANNED_FOLDERS of the repository at `root`. */
export function scanRepository(root: string): CommentHit[] {
  return SCANNED_FOLDERS.flatMap((folder) =>
    filesUnder(join(root, folder))
      .filter((path) => SOURCE.test(path) || CSS.test(path))
      .flatMap((path) => commentHits(relative(root, path), readFileSync(path, 'utf8'))),
  );
}

/** One hit as `file:line  why  text`, the form editors and terminals link. */
export const formatHit = (hit: CommentHit) => `${hit.file}:${hit.line}  ${hit.why}  ${hit.text}`;
