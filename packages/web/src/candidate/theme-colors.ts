import { READABLE_TOKENS } from '../components/contrast';

/**
 * The candidate site's colours, in one place for both its looks: antd's theme (antd-shell.tsx) and
 * the plain CSS of the open pages (open.css reads them as CSS variables, set by applyThemeColors), so
 * the login page, drawn without antd (docs/decisions.md "A login page without antd"), keeps the
 * theme's colours without repeating them. Text contrast ≥ 4.5:1 on white: the primary blue is 6.4:1
 * (antd's own #1677ff is 4.1:1), errors READABLE_TOKENS.colorError. A plain module: no antd.
 */
export const PRIMARY = '#1658c9';
/** The primary's hover shade (antd derives it from PRIMARY; the plain pages cannot). */
export const PRIMARY_HOVER = '#3b7ad6';
/** Errors' red (5.6:1 on white), as antd's theme has it. */
export const ERROR = READABLE_TOKENS.colorError;

/** `#rrggbb` → 'r, g, b', for rgba() with an alpha of its own. */
function rgbOf(hex: string): string {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ');
}

/**
 * The CSS variables open.css reads: --tg-primary, --tg-primary-hover, --tg-error, and the
 * --tg-primary-rgb / --tg-error-rgb triplets for the translucent rings and shadows.
 */
export const THEME_CSS_VARIABLES: Readonly<Record<`--tg-${string}`, string>> = {
  '--tg-primary': PRIMARY,
  '--tg-primary-hover': PRIMARY_HOVER,
  '--tg-primary-rgb': rgbOf(PRIMARY),
  '--tg-error': ERROR,
  '--tg-error-rgb': rgbOf(ERROR),
};

/** Sets THEME_CSS_VARIABLES on `root` (the document's root element: every plain element reads them). */
export function applyThemeColors(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(THEME_CSS_VARIABLES)) root.style.setProperty(name, value);
}
