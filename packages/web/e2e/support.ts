import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { idCardCheckChar } from '@tegang/domain';

/** A valid GB 11643 ID number born on `birth` (YYYYMMDD), odd sequence (male). */
export function makeIdCard(birth: string, seq: number): string {
  const first17 = `520102${birth}${String(seq * 2 + 1)
    .padStart(3, '0')
    .slice(-3)}`;
  return first17 + idCardCheckChar(first17);
}

/** Waits for the SMS code the server logged for `phone` (and `purpose`), as an operator reads the log. */
export async function smsCode(
  log: string,
  phone: string,
  purpose = 'register',
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const re = new RegExp(`phone=${phone} code=(\\d{6}) purpose=${purpose}`, 'g');
  while (Date.now() < deadline) {
    const hits = [...fs.readFileSync(log, 'utf8').matchAll(re)];
    if (hits.length) return hits[hits.length - 1]![1]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in ${log}`);
}

/**
 * Opens the antd select `#id` and picks the option with `text`, or the first one. Options are looked up
 * in this select's own dropdown (the one holding its `#<id>_list` listbox): the dropdown of the select
 * picked just before may still be in the page, closing.
 */
export async function pick(page: Page, id: string, text?: string): Promise<string> {
  const input = page.locator(`#${id}`);
  await input.click();
  // Long lists are virtual: type to narrow them (dictionary selects are searchable).
  if (text && (await input.isEditable())) await input.fill(text);
  const dropdown = page.locator(`.ant-select-dropdown:has(#${id}_list)`);
  const options = dropdown.locator('.ant-select-item-option');
  const option = text ? options.filter({ hasText: text }).first() : options.first();
  await option.waitFor({ state: 'visible' });
  const label = (await option.textContent()) ?? '';
  await option.click();
  await dropdown.waitFor({ state: 'hidden', timeout: 2000 }).catch(() => {});
  return label;
}

/** Text of a PDF, by pdftotext (poppler-utils). */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-']).toString();
}

/** Saves a screenshot into e2e/artifacts (kept out of git) for a person to look at. */
export async function shot(page: Page, dir: string, name: string): Promise<void> {
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
