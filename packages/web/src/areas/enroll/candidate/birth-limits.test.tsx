import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BirthLimits } from './birth-limits';

/** The age requirement per education, shown before the candidate accepts the notice. */
vi.mock('../../../components/dict', async (original) => ({
  ...(await original<typeof import('../../../components/dict')>()),
  useDict: () => ({
    data: [
      { value: '11', label: '博士研究生', labelEn: 'Doctoral', isDefault: 'N', sort: 1 },
      { value: '14', label: '硕士研究生', labelEn: "Master's", isDefault: 'N', sort: 2 },
      { value: '21', label: '大学本科', labelEn: 'Bachelor', isDefault: 'N', sort: 3 },
    ],
  }),
}));

describe('BirthLimits', () => {
  afterEach(cleanup);

  it('lists each education with its own limit in dictionary order, then the general limit', () => {
    render(<BirthLimits limitBirth="1996-01-01" birthLimits={{ '14': '1991-01-01', '11': '1990-01-01' }} />);
    const lines = [...screen.getByTestId('enroll-birth-limits').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(lines).toEqual([
      '博士研究生：1990-01-01 及以后出生',
      '硕士研究生：1991-01-01 及以后出生',
      '其他学历：1996-01-01 及以后出生',
    ]);
  });

  it('states the general limit alone when no education has its own, and nothing without limits', () => {
    render(<BirthLimits limitBirth="1996-01-01" birthLimits={{}} />);
    expect(screen.getByTestId('enroll-birth-limits').textContent).toContain('1996-01-01 及以后出生');
    cleanup();
    const { container } = render(<BirthLimits limitBirth={null} birthLimits={{}} />);
    expect(container.textContent).toBe('');
  });
});
