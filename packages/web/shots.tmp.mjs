import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
await page.goto('http://127.0.0.1:8099/login');
await page.getByTestId('login-username').fill('admin');
await page.getByTestId('login-password').fill('Bench1!pass');
await page.getByTestId('login-submit').click();
await page.waitForURL('**/wel/index');
for (const p of process.argv.slice(2)) {
  await page.goto('http://127.0.0.1:8099' + p);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: '/tmp/shot-' + p.split('/').filter(Boolean).join('-') + '.png' });
}
await browser.close();
