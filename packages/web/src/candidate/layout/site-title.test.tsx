import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { SiteTitle } from './site-title';

afterEach(() => i18n.changeLanguage('zh'));

describe('the candidate header title (spec §2: the provincial … enrolment system)', () => {
  it('names the provincial system in zh and en, on a computer and on a phone', async () => {
    await act(() => i18n.changeLanguage('zh'));
    const { rerender } = render(<SiteTitle mobile={false} />);
    expect(screen.getByTestId('site-title').textContent).toBe('省特岗教师招聘报名系统');
    rerender(<SiteTitle mobile />);
    expect(screen.getByTestId('site-title').textContent).toContain('省');
    await act(() => i18n.changeLanguage('en'));
    rerender(<SiteTitle mobile={false} />);
    expect(screen.getByTestId('site-title').textContent).toBe(
      'Provincial Special-Post Teacher Recruitment Enrolment System',
    );
    rerender(<SiteTitle mobile />);
    expect(screen.getByTestId('site-title').textContent).toContain('Provincial');
  });
});
