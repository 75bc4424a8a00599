import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core (DESIGN "Tests"); `npx playwright install` cannot work here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium off the network and quiet in a container. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** A phone-sized context (375 × 812, touch) as most candidates use. */
export function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    acceptDownloads: true,
    locale: 'zh-CN',
  });
}

/** A desktop context for the back office. */
export function desktop(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
    locale: 'zh-CN',
  });
}
