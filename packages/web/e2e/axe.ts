import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/**
 * The axe-core build the browser runs: the npm package's own minified bundle. It is evaluated through
 * the DevTools protocol, not added as a <script>: the app's Content-Security-Policy (script-src 'self')
 * rightly refuses inline scripts.
 */
const AXE_SCRIPT = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts the accessibility bar counts (the bar: 0 serious, 0 critical). */
const COUNTED = new Set(['serious', 'critical']);

/** One axe-core rule that failed on a page state, with the nodes it failed on. */
export interface AxeFinding {
  /** axe rule id, e.g. `color-contrast`. */
  rule: string;
  impact: 'serious' | 'critical';
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Waits until no finite animation or transition of the page is running (a dialog zooming in, a drawer
 * sliding, a menu fading): colours read halfway through a fade are lighter than the page shows at
 * rest, and axe would count them against contrast. Endless animations (spinners) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 15_000 },
  );
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices, as axe runs by default) on what
 * `page` shows once its animations have settled, after evaluating the script once per document. Returns the serious and critical
 * violations only; an empty array means the state passes. Throws if the page cannot take the script.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await animationsSettled(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SCRIPT);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
      })),
    }));
  });
  return violations.filter((v): v is AxeFinding => v.impact !== null && COUNTED.has(v.impact));
}

/** Number of failing nodes over all findings. */
export const nodeCount = (findings: readonly AxeFinding[]): number =>
  findings.reduce((n, f) => n + f.nodes.length, 0);

/** A readable listing of `findings` for the test output: rule, impact, node count, then each target. */
export function describeFindings(state: string, findings: readonly AxeFinding[]): string {
  if (!findings.length) return `${state}: 0 serious/critical`;
  const lines = [`${state}: ${nodeCount(findings)} serious/critical nodes`];
  for (const f of findings) {
    lines.push(`  ${f.rule} (${f.impact}, ${f.nodes.length}): ${f.help}`);
    for (const n of f.nodes) lines.push(`    ${n.target} — ${n.summary}`);
  }
  return lines.join('\n');
}
