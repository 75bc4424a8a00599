import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { layoutToken, siderMenuTheme, THEMES } from '../admin/chrome/themes';
import {
  contrastRatio,
  READABLE_TAG_TOKENS,
  readableOn,
  readablePair,
  readableThemeToken,
  tint,
} from './contrast';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#409EFF', '#fff')).toBeCloseTo(2.78, 2);
    expect(contrastRatio('rgba(0,0,0,1)', '#fff')).toBeNaN();
  });

  it('darkens a colour just enough and keeps a readable one', () => {
    const shade = readableOn('#409EFF');
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(6);
    expect(contrastRatio(readableOn(shade, '#ffffff', 6.5), '#ffffff')).toBeGreaterThanOrEqual(6.5);
    expect(readableOn('#1658c9', '#ffffff', 4.5)).toBe('#1658c9');
    expect(readableOn('red-ish')).toBe('red-ish');
  });

  it('darkens the darker colour of a pair', () => {
    const [text, bg] = readablePair('#ffffff', '#409EFF');
    expect(text).toBe('#ffffff');
    expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every console theme ≥ 4.5:1 for menu, selected item, group, header and primary text', () => {
    for (const [name, theme] of Object.entries(THEMES)) {
      const token = layoutToken(theme, theme.primary);
      const pairs: [string, string][] = [
        [token.sider.colorTextMenu, token.sider.colorMenuBackground],
        [token.sider.colorTextMenuSelected, token.sider.colorBgMenuItemSelected],
        [siderMenuTheme(theme).components.Menu.subMenuItemSelectedColor, token.sider.colorMenuBackground],
        [token.colorPrimary, '#ffffff'],
      ];
      if (token.header.colorHeaderTitle.startsWith('#'))
        pairs.push([token.header.colorHeaderTitle, token.header.colorBgHeader]);
      for (const [fg, bg] of pairs)
        expect(contrastRatio(fg, bg), `${name}: ${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      const antd = readableThemeToken(theme.primary);
      expect(contrastRatio(antd.colorInfo, antd.colorInfoBg), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('tints towards white', () => {
    expect(tint('#000000', 1)).toBe('#ffffff');
    expect(tint('#123456', 0)).toBe('#123456');
  });

  it('gives every coloured tag (审核通过, 已录取, warnings, presets) ≥ 4.5:1 on its own tint', () => {
    const antd = theme.getDesignToken() as unknown as Record<string, string>;
    /** The background antd draws each overridden text colour on. */
    const backgroundOf = (key: string) =>
      key.startsWith('color') ? antd[`${key}Bg`]! : antd[key.replace(/7$/, '1')]!;
    for (const [key, text] of Object.entries(READABLE_TAG_TOKENS)) {
      const bg = backgroundOf(key);
      expect(contrastRatio(text, bg), `${key}: ${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      // antd's own colour there is under the bar (the reason for the override)
      expect(contrastRatio(antd[key]!, bg), `antd ${key}`).toBeLessThan(4.5);
    }
  });
});
