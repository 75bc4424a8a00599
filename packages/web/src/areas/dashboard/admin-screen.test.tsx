import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PERMISSIONS, type DictItem, type EnrollStatistics } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import DashboardPage from './admin-screen';

const STATS: EnrollStatistics = {
  planId: 1,
  planName: '2027 特岗计划',
  total: 16,
  demand: 5,
  audit: { pending: 10, passed: 4, rejected: 2 },
  byCounty: [
    { key: '520102', label: '南明区', enrolled: 16, passed: 4, demand: 5 },
    { key: '520103', label: '云岩区', enrolled: 0, passed: 0, demand: 0 },
  ],
  byPeriod: [{ key: '01', label: null, enrolled: 16, passed: 4, demand: 5 }],
  bySubject: [{ key: '01', label: null, enrolled: 16, passed: 4, demand: 5 }],
  posts: [
    {
      countyCode: '520102',
      countyName: '南明区',
      category: '01',
      learningPeriod: '01',
      subject: '01',
      demand: 5,
      enrolled: 16,
      passed: 4,
    },
    // Applicants of a post whose demand was switched off: no ratio.
    {
      countyCode: '520102',
      countyName: '南明区',
      category: '01',
      learningPeriod: '01',
      subject: '02',
      demand: 0,
      enrolled: 3,
      passed: 0,
    },
    // A post nobody applied to yet.
    {
      countyCode: '520102',
      countyName: '南明区',
      category: '01',
      learningPeriod: '02',
      subject: '01',
      demand: 4,
      enrolled: 0,
      passed: 0,
    },
  ],
  asOf: '2027-05-20T02:03:04.000Z',
};

const statistics = vi.fn((_planId?: number) => Promise.resolve(STATS));
vi.mock('../enroll/admin-api', () => ({ enrollStatistics: (planId?: number) => statistics(planId) }));
const DICTS: Record<string, DictItem[]> = {
  recruit_subject: [
    { value: '01', label: '语文', labelEn: 'Chinese', isDefault: 'N', sort: 1 },
    { value: '02', label: '数学', labelEn: 'Maths', isDefault: 'N', sort: 2 },
  ],
  recruit_learning_period: [
    { value: '01', label: '小学', labelEn: 'Primary', isDefault: 'N', sort: 1 },
    { value: '02', label: '初中', labelEn: 'Junior', isDefault: 'N', sort: 2 },
  ],
  recruit_plan_category: [{ value: '01', label: '国家特岗', labelEn: 'National', isDefault: 'N', sort: 1 }],
};
vi.mock('../../api/reference', () => ({
  listDictItems: (type: string) => Promise.resolve(DICTS[type] ?? []),
}));

function mount(permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionsProvider permissions={permissions}>
        <DashboardPage />
      </PermissionsProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => i18n.changeLanguage('zh'));

/** The console dashboard: live post ratios (docs/decisions.md "Live post ratios") and counts by status. */
describe('dashboard', () => {
  afterEach(() => {
    cleanup();
    statistics.mockClear();
  });

  it('shows the counts by audit status and the overall ratio', async () => {
    mount([PERMISSIONS.dashboard.list]);
    const value = (id: string) =>
      screen.getByTestId(id).querySelector('.ant-statistic-content-value')?.textContent;
    await waitFor(() => expect(value('dashboard-total')).toBe('16'));
    expect(value('dashboard-total')).toBe('16');
    expect(value('dashboard-demand')).toBe('5');
    expect(value('dashboard-ratio')).toBe('3.2:1');
    expect(value('dashboard-pending')).toBe('10');
    expect(value('dashboard-passed')).toBe('4');
    expect(value('dashboard-rejected')).toBe('2');
    expect(screen.getByTestId('dashboard-pending').textContent).toContain('待审核');
    expect(screen.getByTestId('dashboard-as-of').textContent).toMatch(/^数据时间 \d\d:\d\d:\d\d/);
  });

  it('lists each post with its ratios, "—" where there is no demand and never "0.0:1"', async () => {
    mount([PERMISSIONS.dashboard.list]);
    const posts = await screen.findByTestId('dashboard-posts');
    await within(posts).findByText('3.2:1');
    const rows = [...posts.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows).toHaveLength(3);
    const ratios = (row: Element) =>
      [...row.querySelectorAll('[data-testid$="-ratio"]')].map((e) => e.textContent);
    expect(ratios(rows[0]!)).toEqual(['3.2:1', '0.8:1']);
    expect(ratios(rows[1]!)).toEqual(['—', '—']);
    expect(ratios(rows[2]!)).toEqual(['0:1', '0:1']);
    expect(rows[1]!.querySelector('[aria-label="无招聘需求"]')).not.toBeNull();
    expect(await within(rows[1] as HTMLElement).findByText('数学')).toBeTruthy();
    expect(document.body.textContent).not.toContain('0.0:1');
    // The county without demand has no bar ratio either.
    const county = screen.getByTestId('dashboard-county');
    expect(within(county).getByText('云岩区').closest('tr')!.textContent).toContain('—');
  });

  it('needs the dashboard key, not the enrolment list’s', () => {
    mount([PERMISSIONS.enroll.list]);
    expect(screen.getByText('您没有查看报名统计的权限')).toBeTruthy();
    expect(statistics).not.toHaveBeenCalled();
  });
});
