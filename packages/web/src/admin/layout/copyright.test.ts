import { describe, expect, it } from 'vitest';
import { WEBSITE_DEFAULTS } from '@tegang/domain';
import { localizedCopyright } from './copyright';

describe('the console footer copyright', () => {
  const names = { name: WEBSITE_DEFAULTS.name, enName: WEBSITE_DEFAULTS.enName };

  it('shows the default line in English with the English system name', () => {
    expect(localizedCopyright(WEBSITE_DEFAULTS.copyright!, 'en', names)).toBe(
      'Copyright © 2026 Special-Post Teacher Recruitment',
    );
    expect(localizedCopyright(WEBSITE_DEFAULTS.copyright!, 'zh', names)).toBe(WEBSITE_DEFAULTS.copyright);
  });

  it('translates a saved name and "版权所有", and leaves other text as written', () => {
    const saved = { name: '某省特岗招聘系统', enName: 'Provincial Teacher Recruitment' };
    expect(localizedCopyright('© 2026 某省特岗招聘系统 版权所有', 'en', saved)).toBe(
      '© 2026 Provincial Teacher Recruitment All rights reserved',
    );
    expect(localizedCopyright('© 2026 Example Office', 'en', saved)).toBe('© 2026 Example Office');
    expect(localizedCopyright('', 'en', saved)).toBe('');
  });
});
