import { contrastRatio, readableOn, readablePair } from '../../components/contrast';
import { createStore, useStore } from '../../components/store';

/**
 * The ten named themes of the top bar (spec §2 "Back-office chrome", §9 default 'default') as ProLayout
 * token sets, and the theme colour (default #409EFF). Both are kept in localStorage (spec §3).
 */
export const DEFAULT_COLOR = '#409EFF';
export const THEME_KEY = 'tegang-theme';
export const COLOR_KEY = 'tegang-color';

export interface ThemeDef {
  /** Primary colour the theme brings (the picker can override it). */
  primary: string;
  siderBg: string;
  siderText: string;
  siderActiveText: string;
  siderActiveBg: string;
  headerBg: string;
  headerText: string;
}

/* name: primary, sider bg, sider text, active text, active bg, header bg, header text */
const TABLE: [string, string, string, string, string, string, string, string][] = [
  ['default', '#409EFF', '#20222a', '#a6a6a6', '#ffffff', '#409EFF', '#ffffff', 'rgba(0,0,0,0.88)'],
  ['white', '#409EFF', '#ffffff', '#303133', '#409EFF', '#ecf5ff', '#ffffff', 'rgba(0,0,0,0.88)'],
  ['star', '#d4a73b', '#0f1f3d', '#c9d1e0', '#ffd666', '#1c3360', '#0b1a35', '#e8ecf5'],
  ['vip', '#c9a050', '#2b2b2b', '#d9c9a3', '#1f1f1f', '#c9a050', '#1f1f1f', '#e9d7a8'],
  ['blue', '#1766d6', '#0b2a5b', '#b8cbe8', '#ffffff', '#1766d6', '#0e3a7a', '#ffffff'],
  ['iview', '#2d8cf0', '#515a6e', '#dcdee2', '#ffffff', '#2d8cf0', '#ffffff', 'rgba(0,0,0,0.88)'],
  ['cool', '#13c2c2', '#001529', '#a3b1c2', '#ffffff', '#13c2c2', '#002c3e', '#e6fffb'],
  ['d2', '#2f74ff', '#ebf1f6', '#475669', '#2f74ff', '#d6e4ff', '#ebf1f6', '#475669'],
  ['hey', '#fa541c', '#1d1e23', '#b9bbc4', '#ffffff', '#fa541c', '#1d1e23', '#ffffff'],
  ['renren', '#2d8cf0', '#2f3447', '#c0c4cc', '#ffffff', '#3a4159', '#2f3447', '#ffffff'],
];

export const THEMES: Record<string, ThemeDef> = Object.fromEntries(
  TABLE.map(([name, primary, siderBg, siderText, siderActiveText, siderActiveBg, headerBg, headerText]) => [
    name,
    { primary, siderBg, siderText, siderActiveText, siderActiveBg, headerBg, headerText },
  ]),
);
export const THEME_NAMES = TABLE.map(([name]) => name);

function readLocal(key: string, fallback: string): string {
  try {
    return localStorage.getItem(key) || fallback;
  } catch {
    return fallback;
  }
}

const storedTheme = readLocal(THEME_KEY, 'default');
export const themeStore = createStore(THEMES[storedTheme] ? storedTheme : 'default', (v) =>
  localStorage.setItem(THEME_KEY, v),
);
export const colorStore = createStore(readLocal(COLOR_KEY, DEFAULT_COLOR), (v) =>
  localStorage.setItem(COLOR_KEY, v),
);

/** Picks a named theme; its primary colour becomes the theme colour. */
export function chooseTheme(name: string): void {
  const theme = THEMES[name];
  if (!theme) return;
  themeStore.set(name);
  colorStore.set(theme.primary);
}

export const useThemeName = () => useStore(themeStore);
export const useThemeColor = () => useStore(colorStore);

/**
 * ProLayout's token for a theme (sider and header colours). Each text colour keeps ≥ 4.5:1 on its
 * background (readablePair darkens the darker one: the default theme's selected menu item, white on
 * #409EFF, was 2.8:1), and the primary colour is the readable shade the antd theme uses.
 */
export function layoutToken(theme: ThemeDef, primary: string) {
  const [headerText, headerBg] = readablePair(theme.headerText, theme.headerBg);
  const [siderText, siderBg] = readablePair(theme.siderText, theme.siderBg);
  const [activeText, activeBg] = readablePair(theme.siderActiveText, theme.siderActiveBg);
  return {
    colorPrimary: readableOn(primary),
    header: {
      heightLayoutHeader: 56,
      colorBgHeader: headerBg,
      colorHeaderTitle: headerText,
      colorTextMenu: headerText,
      colorTextRightActionsItem: headerText,
      colorBgRightActionsItemHover: 'rgba(127,127,127,0.15)',
    },
    sider: {
      colorMenuBackground: siderBg,
      colorTextMenu: siderText,
      colorTextMenuSecondary: siderText,
      colorTextMenuTitle: siderText,
      colorTextMenuSelected: activeText,
      colorTextMenuActive: activeText,
      colorTextMenuItemHover: activeText,
      colorBgMenuItemSelected: activeBg,
      colorBgMenuItemHover: 'rgba(127,127,127,0.15)',
      colorTextCollapsedButton: siderText,
      colorTextCollapsedButtonHover: activeText,
      colorBgCollapsedButton: siderBg,
      colorMenuItemDivider: 'rgba(127,127,127,0.2)',
    },
    pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 16 },
  };
}

/**
 * The antd theme of the console (its Menu): the sider group that holds the current page is written
 * in the theme's selected-item text colour (readable on the sider background), not in the primary
 * colour antd's Menu uses by default (a dark blue on the default dark sider is 2.9:1).
 */
export function siderMenuTheme(theme: ThemeDef) {
  const [siderText, siderBg] = readablePair(theme.siderText, theme.siderBg);
  const [groupText] = readablePair(theme.siderActiveText, siderBg);
  return {
    components: {
      Menu: { subMenuItemSelectedColor: contrastRatio(groupText, siderBg) >= 4.5 ? groupText : siderText },
    },
  };
}
