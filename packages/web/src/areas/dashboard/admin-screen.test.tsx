import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { PERMISSIONS, type DashboardStatistics, type DictItem, type PlanOption } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import DashboardPage from './admin-screen';
import { FUNNEL_COLORS } from './charts';

const STATS: DashboardStatistics = {
  planId: 1,
  planName: '2027 特岗计划',
  planYear: '2027',
  planStatus: '1',
  final: false,
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
    // A post nobody applied to yet: no ratio either.
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
  daily: [
    { date: '2027-05-18', applied: 9, passed: 0 },
    { date: '2027-05-19', applied: 0, passed: 0 },
    { date: '2027-05-20', applied: 7, passed: 4 },
  ],
  funnel: { registered: 40, applied: 16, passed: 4, ticket: 2, admitted: 1 },
  asOf: '2027-05-20T02:03:04.000Z',
};

/** An ended plan: nobody applied in the caller's region, the numbers final. */
const ENDED: DashboardStatistics = {
  ...STATS,
  planId: 7,
  planName: '2025 特岗计划',
  planYear: '2025',
  planStatus: '2',
  final: true,
  total: 0,
  audit: { pending: 0, passed: 0, rejected: 0 },
  byCounty: [{ key: '520102', label: '南明区', enrolled: 0, passed: 0, demand: 5 }],
  byPeriod: [],
  bySubject: [],
  posts: [],
  daily: [],
  funnel: { registered: null, applied: 0, passed: 0, ticket: 0, admitted: 0 },
};

const PLANS: PlanOption[] = [
  { id: 1, name: '2027 特岗计划', year: '2027', status: '1' },
  { id: 7, name: '2025 特岗计划', year: '2025', status: '2' },
] as PlanOption[];

const statistics = vi.fn((planId?: number) => Promise.resolve(planId === 7 ? ENDED : STATS));
const exportLink = vi.fn((_query: { planId: number }) => Promise.resolve({ url: '/x?token=t' }));
vi.mock('./api', () => ({
  dashboardStatistics: (planId?: number) => statistics(planId),
  dashboardExportLink: (query: { planId: number }) => exportLink(query),
  listPlanOptions: () => Promise.resolve(PLANS),
}));
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

/** The address the screen is at, shown for the assertions on ?planId=. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function mount(permissions: string[], at = '/wel/dashboard/index') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <App>
          <PermissionsProvider permissions={permissions}>
            <DashboardPage />
            <Address />
          </PermissionsProvider>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const value = (id: string) =>
  screen.getByTestId(id).querySelector('.ant-statistic-content-value')?.textContent;

beforeAll(() => i18n.changeLanguage('zh'));

/** The console dashboard: live post ratios (docs/decisions.md "Live post ratios") and counts by status. */
describe('dashboard', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    statistics.mockClear();
    exportLink.mockClear();
  });

  it('shows the counts by audit status and the overall ratio', async () => {
    mount([PERMISSIONS.dashboard.list]);
    await waitFor(() => expect(value('dashboard-total')).toBe('16'));
    expect(value('dashboard-demand')).toBe('5');
    expect(value('dashboard-ratio')).toBe('3.2:1');
    expect(value('dashboard-pending')).toBe('10');
    expect(value('dashboard-passed')).toBe('4');
    expect(value('dashboard-rejected')).toBe('2');
    expect(screen.getByTestId('dashboard-pending').textContent).toContain('待审核');
    expect(screen.getByTestId('dashboard-as-of').textContent).toMatch(/^数据时间 \d\d:\d\d:\d\d/);
    expect(statistics).toHaveBeenCalledWith(undefined);
  });

  it('lists each post with its ratios, "—" without demand or applicants, never "0:1"', async () => {
    mount([PERMISSIONS.dashboard.list]);
    const posts = await screen.findByTestId('dashboard-posts');
    await within(posts).findByText('3.2:1');
    const rows = [...posts.querySelectorAll('tbody tr.ant-table-row')];
    expect(rows).toHaveLength(3);
    const ratios = (row: Element) =>
      [...row.querySelectorAll('[data-testid$="-ratio"]')].map((e) => e.textContent);
    expect(ratios(rows[0]!)).toEqual(['3.2:1', '0.8:1']);
    expect(ratios(rows[1]!)).toEqual(['—', '—']);
    expect(ratios(rows[2]!)).toEqual(['—', '—']);
    expect(rows[1]!.querySelector('[aria-label="无招聘需求"]')).not.toBeNull();
    expect(rows[2]!.querySelector('[aria-label="无人报名"]')).not.toBeNull();
    expect(await within(rows[1] as HTMLElement).findByText('数学')).toBeTruthy();
    expect(document.body.textContent).not.toContain('0:1');
    // The county without demand has no bar ratio either.
    const county = screen.getByTestId('dashboard-county');
    expect(within(county).getByText('云岩区').closest('tr')!.textContent).toContain('—');
  });

  it('shows the funnel and the days beside their charts, each chart named by a summary', async () => {
    mount([PERMISSIONS.dashboard.list]);
    const funnel = await screen.findByTestId('dashboard-funnel-table');
    await waitFor(() => expect(within(funnel).getByTestId('funnel-registered').textContent).toBe('40'));
    const cells = [...funnel.querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['注册人数', '40', '—'],
      ['报名人数', '16', '40%'],
      ['审核通过', '4', '25%'],
      ['已发放准考证', '2', '50%'],
      ['已录取', '1', '50%'],
    ]);
    // The charts are drawn (ECharts as SVG) and named by a summary of their numbers.
    const funnelChart = await screen.findByTestId('dashboard-funnel-chart', {}, { timeout: 10_000 });
    expect(funnelChart.getAttribute('role')).toBe('img');
    expect(funnelChart.getAttribute('aria-label')).toBe(
      '招聘漏斗：注册人数 40，报名人数 16，审核通过 4，已发放准考证 2，已录取 1。',
    );
    // One shape per stage, in the stages' colours.
    await waitFor(() =>
      expect(
        new Set([...funnelChart.querySelectorAll('svg path')].map((p) => p.getAttribute('fill'))),
      ).toEqual(new Set(FUNNEL_COLORS)),
    );
    expect(funnelChart.querySelector('svg')!.textContent).toContain('已录取  1');
    const trend = await screen.findByTestId('dashboard-trend-chart', {}, { timeout: 10_000 });
    expect(trend.getAttribute('aria-label')).toBe(
      '2027-05-18至2027-05-20共3天，报名16人，审核通过4人；报名最多的一天是2027-05-18，9人。',
    );
    // The legend names both lines; the axis starts on the first day.
    await waitFor(() => expect(trend.querySelector('svg')!.textContent).toMatch(/05-18.*报名.*审核通过/));
    const county = await screen.findByTestId('dashboard-county-chart', {}, { timeout: 10_000 });
    expect(county.getAttribute('aria-label')).toBe(
      '各县报名与需求，按报名人数排列：南明区报名16人、通过4人、需求5人；云岩区报名0人、通过0人、需求0人。',
    );
    // The days' table is one click away.
    fireEvent.click(screen.getByText('每日数据（3天）'));
    const days = await screen.findByTestId('dashboard-trend-table');
    expect(within(days).getByText('2027-05-19').closest('tr')!.textContent).toBe('2027-05-1900');
  });

  it('picks a plan from every plan, ended ones included, and keeps it in the address', async () => {
    mount([PERMISSIONS.dashboard.list]);
    await waitFor(() => expect(value('dashboard-total')).toBe('16'));
    const picker = screen.getByTestId('dashboard-plan');
    await waitFor(() => expect(picker.textContent).toContain('2027 特岗计划（报名中）'));
    fireEvent.mouseDown(screen.getByLabelText('招聘计划'));
    fireEvent.click(await screen.findByTitle('2025 特岗计划（已结束）'));
    await waitFor(() => expect(statistics).toHaveBeenCalledWith(7));
    expect(screen.getByTestId('address').textContent).toBe('?planId=7');
    await waitFor(() => expect(value('dashboard-total')).toBe('0'));
    // Nobody applied: no ratio, and the ended plan's numbers are final.
    expect(value('dashboard-ratio')).toBe('—');
    expect(document.body.textContent).toContain('2025 特岗计划：计划已结束，以下为您所辖地区的最终数据。');
    expect(screen.getByTestId('dashboard-trend').textContent).toContain('暂无每日数据');
    // A county account is not given the province-wide registered count, and is told why.
    expect(screen.queryByTestId('funnel-registered')).toBeNull();
    expect(screen.getByTestId('dashboard-funnel').textContent).toContain(
      '考生账号不分地区，注册人数仅向省级账号显示',
    );
  });

  it('opens the plan of the address', async () => {
    mount([PERMISSIONS.dashboard.list], '/wel/dashboard/index?planId=7');
    await waitFor(() => expect(statistics).toHaveBeenCalledWith(7));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-plan').textContent).toContain('2025 特岗计划（已结束）'),
    );
    expect(statistics).not.toHaveBeenCalledWith(undefined);
  });

  it('exports the plan on screen with the export key only', async () => {
    mount([PERMISSIONS.dashboard.list]);
    await waitFor(() => expect(value('dashboard-total')).toBe('16'));
    expect(screen.queryByTestId('dashboard-export')).toBeNull();
    cleanup();
    mount([PERMISSIONS.dashboard.list, PERMISSIONS.dashboard.export], '/wel/dashboard/index?planId=1');
    const button = await screen.findByTestId('dashboard-export');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      fireEvent.click(button);
      await waitFor(() => expect(exportLink).toHaveBeenCalledWith({ planId: 1 }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/x?token=t'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('needs the dashboard key, not the enrolment list’s', () => {
    mount([PERMISSIONS.enroll.list]);
    expect(screen.getByText('您没有查看报名统计的权限')).toBeTruthy();
    expect(statistics).not.toHaveBeenCalled();
  });
});
