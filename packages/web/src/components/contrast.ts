/**
 * Colour contrast for the themes (text contrast ≥ 4.5:1, WCAG 2.1 SC 1.4.3, in
 * the default themes and whatever theme colour an administrator picks). Colours are `#rgb`, `#rrggbb`
 * or `#rrggbbaa` (alpha ignored); anything else is passed through unchanged.
 */

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

function parse(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1]!;
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** WCAG contrast ratio of two colours (1 to 21); NaN when one of them is not a hex colour. */
export function contrastRatio(a: string, b: string): number {
  const pa = parse(a);
  const pb = parse(b);
  if (!pa || !pb) return NaN;
  const [hi, lo] = [luminance(pa), luminance(pb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `rgb` mixed with black by `amount` (0 to 1). */
const darken = (rgb: readonly number[], amount: number) => rgb.map((c) => c * (1 - amount));

/**
 * `color`, darkened (mixed with black, so the hue stays) just enough to reach `min` contrast against
 * `background`; unchanged when it already does or is not a hex colour. The default margin (6:1 on
 * white) keeps 4.5:1 on antd's light tints of the colour too (selected rows, info tags, alerts).
 */
export function readableOn(color: string, background = '#ffffff', min = 6): string {
  const rgb = parse(color);
  if (!rgb || !parse(background)) return color;
  for (let step = 0; step <= 50; step++) {
    const candidate = toHex(darken(rgb, step / 50));
    if (contrastRatio(candidate, background) >= min) return step === 0 ? color : candidate;
  }
  return '#000000';
}

/**
 * A text colour and its background with at least `min` contrast: the darker of the two is darkened
 * (which always widens the gap), the lighter is kept. Returns `[text, background]`.
 */
export function readablePair(text: string, background: string, min = MIN_TEXT_CONTRAST): [string, string] {
  const ratio = contrastRatio(text, background);
  if (Number.isNaN(ratio) || ratio >= min) return [text, background];
  const [t, b] = [parse(text)!, parse(background)!];
  return luminance(t) < luminance(b)
    ? [readableOn(text, background, min), background]
    : [text, readableOn(background, text, min)];
}

/**
 * antd tokens shared by both sites' themes: secondary and description text at 60 % black (5.7:1 on
 * white; antd's 45 % is 3.4:1) and the error colour at red-7 (5.6:1; antd's #ff4d4f is 3.3:1), which
 * form errors, danger buttons and the error summary use.
 */
export const READABLE_TOKENS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorError: '#cf1322',
} as const;

/**
 * The text of antd's coloured tags at ≥ 4.5:1 on their own light tint (WCAG 2.1 SC 1.4.3), for both
 * sites' themes (`components.Tag`): the status tags (color="success" — 审核通过, 已录取 — and
 * "warning") take antd's 8th or 9th shade of their colour instead of the seed colour (#52c41a on
 * #f6ffed is 2.2:1, #faad14 on #fffbe6 1.9:1), the preset colours whose 7th shade is under 4.5:1 on
 * their 1st take the 8th or 9th. Only tags change: buttons, icons, badges and alerts keep the seed
 * colours. contrast.test.ts measures every pair.
 */
export const READABLE_TAG_TOKENS = {
  /** green-8: 5.4:1 on green-1 #f6ffed (colorSuccessBg). */
  colorSuccess: '#237804',
  /** gold-9: 6.5:1 on gold-1 #fffbe6 (colorWarningBg). */
  colorWarning: '#874d00',
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  yellow7: '#876800',
  lime7: '#3f6600',
  cyan7: '#006d75',
} as const;

/** `color` mixed with white by `amount` (0 to 1); unchanged when it is not a hex colour. */
export function tint(color: string, amount: number): string {
  const rgb = parse(color);
  return rgb ? toHex(rgb.map((c) => c + (255 - c) * amount)) : color;
}

/**
 * The antd token of a theme colour: primary, link and info (tags, 'processing' badges) in the same
 * readable shade of `color`, with READABLE_TOKENS. The info background and border are light tints of
 * that shade: antd's own derivation turns a darkened colour into a grey background (4.4:1 under
 * the tag text).
 */
export function readableThemeToken(color: string) {
  const primary = readableOn(color);
  return {
    colorPrimary: primary,
    colorLink: primary,
    colorInfo: primary,
    colorInfoBg: tint(primary, 0.9),
    colorInfoBorder: tint(primary, 0.6),
    ...READABLE_TOKENS,
  };
}
