import { WEBSITE_DEFAULTS } from '@tegang/domain';

/** Chinese phrases of a copyright line and their English (the setting keeps one copyright text). */
const PHRASES: [RegExp, string][] = [
  [/版权所有/g, 'All rights reserved'],
  [/保留所有权利/g, 'All rights reserved'],
  [/，/g, ', '],
  [/。/g, '. '],
];

/**
 * The console footer's copyright line in the UI language (spec §3 website setting "copyright").
 * The setting keeps one text, written in Chinese; in English the system's Chinese name in it
 * (the setting's `name`, or the built-in one) becomes `enName`, and "版权所有" "All rights
 * reserved". `lang`: 'zh' or 'en'; other text is shown as written. Pure; '' stays ''.
 */
export function localizedCopyright(
  copyright: string,
  lang: string,
  names: { name: string | null | undefined; enName: string | null | undefined },
): string {
  if (!lang.startsWith('en') || !copyright) return copyright;
  const enName = names.enName?.trim();
  let text = copyright;
  if (enName)
    for (const zh of [names.name?.trim(), WEBSITE_DEFAULTS.name])
      if (zh && text.includes(zh)) text = text.split(zh).join(enName);
  for (const [zh, en] of PHRASES) text = text.replace(zh, en);
  return text.replace(/\s+/g, ' ').trim();
}
