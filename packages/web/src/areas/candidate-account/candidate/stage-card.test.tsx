import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useSearchParams } from 'react-router';
import { formatDateTime, type CandidatePlan, type MyEnroll } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import { viewport } from '../../../test-viewport';
import { StageCard } from './stage-card';

/**
 * The candidate home: the card on /web/user_info says the phase, the candidate's state
 * (with the rejection reason), the next action and the plan's timeline. The server is a mocked fetch.
 */
const state = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../../candidate/state', () => ({
  useCandidate: () => state.current,
  candidateKeys: {
    enroll: (planId: number | null) => ['candidate', 'enroll', planId],
    ticket: (planId: number | null) => ['candidate', 'home', 'ticket', planId],
    result: (planId: number | null) => ['candidate', 'admissionResult', planId],
    myEnroll: ['candidate', 'myEnroll'],
  },
}));

type Answer = { code: number; msg: string; data: unknown };
let enrollAnswer: Answer;
let ticketAnswer: Answer;
let resultAnswer: Answer;
let listAnswer: Answer;
const fetchMock = vi.fn(async (url: string) => {
  let body: Answer;
  if (url.startsWith('/api/enroll/getEnrollByPlanId/7')) body = enrollAnswer;
  else if (url.startsWith('/api/admissionTicket/getAdmissionTicketByPlanId/7')) body = ticketAnswer;
  else if (url.startsWith('/api/admissionResults/getAdmissionResultsByPlanId/7')) body = resultAnswer;
  else if (url.startsWith('/api/enroll/listMyEnroll')) body = listAnswer;
  else body = { code: 404, msg: 'not found', data: null };
  return { status: 200, json: async () => body };
});
const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => url.includes(part)).length;
const enrolment = (auditStatus: string, auditReason: string | null = null): Answer => ({
  code: 200,
  msg: '',
  data: { id: 11, planId: 7, auditStatus, auditReason },
});

function renderCard(plan: CandidatePlan | null, { applied = true, canCandidate = false } = {}) {
  state.current = {
    loading: false,
    failed: false,
    canCandidate,
    message: '',
    planId: plan ? 7 : null,
    enrollStatus: applied ? '1' : '0',
    plan,
    refresh: () => Promise.resolve(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/web/user_info', element: <StageCard /> },
      { path: '/web/enroll', element: <div data-testid="enroll-page" /> },
      { path: '/web/enroll_table', element: <div data-testid="enroll-table-page" /> },
      { path: '/web/admission_ticket', element: <div data-testid="ticket-page" /> },
      { path: '/web/recruit_info', element: <ResultPage /> },
      { path: '/web/my_enroll', element: <div data-testid="my-enroll-page" /> },
    ],
    { initialEntries: ['/web/user_info'] },
  );
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';

/** The result page's stand-in: says which plan it was opened for. */
function ResultPage() {
  const [params] = useSearchParams();
  return <div data-testid="result-page">{params.get('planId') ?? ''}</div>;
}

/** One of her applications in an earlier plan `id`, `startDays` as planFrom. */
const application = (
  id: number,
  startDays: number,
  fields: Partial<MyEnroll> = {},
  purged = false,
): MyEnroll => ({
  plan: {
    ...planFrom(startDays),
    id,
    name: `202${id}年特岗教师招聘计划`,
    year: `202${id}`,
    status: '2',
    purged,
  },
  enrollId: 50 + id,
  serialNo: null,
  auditStatus: '1',
  auditReason: null,
  ticket: null,
  result: null,
  ...fields,
});

describe('candidate home stage card', { timeout: 15_000 }, () => {
  beforeEach(() => {
    viewport(375);
    enrollAnswer = enrolment('0');
    ticketAnswer = { code: 404, msg: '暂无准考证', data: null };
    resultAnswer = { code: 404, msg: '暂无录取结果', data: null };
    listAnswer = { code: 200, msg: '', data: [] };
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('rejected during enrolment: 审核未通过, the reason, the deadline and 修改报名', async () => {
    const plan = planFrom(-5);
    enrollAnswer = enrolment('2', '照片不清晰，请上传近期免冠证件照');
    renderCard(plan, { canCandidate: true });
    expect((await screen.findByTestId('stage-state')).textContent).toBe('审核未通过');
    expect(text('stage-phase')).toBe('网上报名');
    expect(text('stage-reason')).toContain('未通过原因：照片不清晰，请上传近期免冠证件照');
    expect(text('stage-note')).toBe(
      `请在 ${formatDateTime(plan.enrollEndTime)} 前修改报名信息并重新提交，逾期将不能修改`,
    );
    const button = screen.getByTestId('go-enroll');
    expect(button.textContent).toContain('修改报名');
    expect(calls('getAdmissionTicketByPlanId')).toBe(0);
    fireEvent.click(button);
    await screen.findByTestId('enroll-page');
  });

  it('passed before the ticket print window: 审核已通过, when tickets open, 下载报名表', async () => {
    const plan = planFrom(-15);
    enrollAnswer = enrolment('1');
    renderCard(plan);
    expect((await screen.findByTestId('stage-state')).textContent).toBe('审核已通过');
    expect(text('stage-phase')).toBe('现场审核');
    expect(text('stage-note')).toBe(`准考证将于 ${formatDateTime(plan.ticketPrintStartTime)} 开放下载`);
    expect(screen.queryByTestId('stage-reason')).toBeNull();
    const button = screen.getByTestId('stage-action');
    expect(button.textContent).toContain('下载报名表');
    expect(calls('getAdmissionTicketByPlanId')).toBe(0); // outside the window: not asked
    // The timeline: enrolment over, audit now, the ticket window later and greyed, with its dates.
    expect(screen.getByTestId('stage-step-enroll').dataset.state).toBe('done');
    expect(screen.getByTestId('stage-step-audit').dataset.state).toBe('current');
    const later = screen.getByTestId('stage-step-ticketPrint');
    expect(later.dataset.state).toBe('later');
    expect(later.textContent).toContain(formatDateTime(plan.ticketPrintStartTime));
    expect(later.style.color).toBe('rgba(0, 0, 0, 0.6)');
    // A phone: the timeline runs down the page.
    expect(screen.getByTestId('stage-timeline').className).toContain('ant-steps-vertical');
    fireEvent.click(button);
    await screen.findByTestId('enroll-table-page');
  });

  it('ticket distributed inside the print window: 准考证可下载 and 下载准考证', async () => {
    const plan = planFrom(-25);
    enrollAnswer = enrolment('1');
    ticketAnswer = { code: 200, msg: '', data: { id: 5, planId: 7, name: '王小明' } };
    renderCard(plan);
    expect((await screen.findByTestId('stage-state')).textContent).toBe('准考证可下载');
    expect(text('stage-phase')).toBe('准考证打印');
    expect(text('stage-note')).toBe(`请在 ${formatDateTime(plan.ticketPrintEndTime)} 前下载并打印准考证`);
    expect(calls('getAdmissionTicketByPlanId')).toBe(1);
    const button = screen.getByTestId('stage-action');
    expect(button.textContent).toContain('下载准考证');
    fireEvent.click(button);
    await screen.findByTestId('ticket-page');
  });

  it('ticket not distributed yet inside the window: still 审核已通过, says so, no button', async () => {
    enrollAnswer = enrolment('1');
    renderCard(planFrom(-25));
    expect((await screen.findByTestId('stage-note')).textContent).toContain('您的准考证尚未发放');
    expect(text('stage-state')).toBe('审核已通过');
    expect(screen.queryByTestId('stage-action')).toBeNull();
  });

  it('results open: 成绩可查询 and 查询成绩; on a desktop the timeline runs across', async () => {
    viewport(1440);
    enrollAnswer = enrolment('1');
    renderCard(planFrom(-45));
    expect((await screen.findByTestId('stage-state')).textContent).toBe('成绩可查询');
    expect(text('stage-phase')).toBe('成绩查询');
    // antd's breakpoints answer in an effect after the first render
    await waitFor(() =>
      expect(screen.getByTestId('stage-timeline').className).toContain('ant-steps-horizontal'),
    );
    expect(screen.getByTestId('stage-step-scoreQuery').dataset.state).toBe('current');
    const button = screen.getByTestId('stage-action');
    expect(button.textContent).toContain('查询成绩');
    fireEvent.click(button);
    await screen.findByTestId('result-page');
  });

  it('results published: 已录取 / 未录取 / 录取结果可查询 and 查看录取结果', async () => {
    enrollAnswer = enrolment('1');
    resultAnswer = { code: 200, msg: '', data: { name: '王小明', admissionStatus: '1' } };
    renderCard(planFrom(-45));
    expect((await screen.findByTestId('stage-state')).textContent).toBe('已录取');
    expect(text('stage-note')).toBe('录取结果已公布，请查看成绩和录取详情');
    const button = screen.getByTestId('stage-action');
    expect(button.textContent).toContain('查看录取结果');
    fireEvent.click(button);
    await screen.findByTestId('result-page');
    cleanup();
    resultAnswer = { code: 200, msg: '', data: { name: '王小明', admissionStatus: '0' } };
    renderCard(planFrom(-45));
    expect((await screen.findByTestId('stage-state')).textContent).toBe('未录取');
    cleanup();
    resultAnswer = { code: 200, msg: '', data: { name: '王小明', admissionStatus: '2' } };
    renderCard(planFrom(-75)); // long after the last stage (an archived plan): still shown
    expect((await screen.findByTestId('stage-state')).textContent).toBe('录取结果可查询');
  });

  it('not applied during enrolment offers 立即报名; without a plan says so', async () => {
    renderCard(planFrom(-5), { applied: false, canCandidate: true });
    expect(text('stage-state')).toBe('未报名');
    expect(screen.getByTestId('go-enroll').textContent).toContain('立即报名');
    expect(calls('getEnrollByPlanId')).toBe(0);
    cleanup();
    renderCard(null, { applied: false });
    expect(text('stage-no-plan')).toBe('当前没有正在进行的招聘计划');
  });

  it('lists the earlier plans that still concern her under the open plan, each with its own action', async () => {
    listAnswer = {
      code: 200,
      msg: '',
      data: [
        application(7, -5), // the open plan itself: not repeated
        application(5, -400, { result: { admissionStatus: '1', officeSchool: '南明区第一小学' } }),
        application(4, -800, { result: { admissionStatus: '0', officeSchool: null } }),
        application(3, -1200, { result: { admissionStatus: '1', officeSchool: '六枝特区第一小学' } }, true),
        application(2, -1600, { auditStatus: '2', auditReason: '学历不符' }), // nothing left to do
      ],
    };
    renderCard(planFrom(-5), { applied: false, canCandidate: true });
    expect((await screen.findByTestId('stage-state')).textContent).toBe('未报名');
    await screen.findByTestId('stage-earlier');
    const rows = screen.getAllByTestId('stage-earlier-item');
    expect(rows.map((r) => r.dataset.planId)).toEqual(['5', '4']);
    expect(rows[0]!.textContent).toContain('2025年特岗教师招聘计划');
    expect(rows[0]!.textContent).toContain('2025年');
    expect(screen.getAllByTestId('stage-earlier-state').map((e) => e.textContent)).toEqual([
      '已录取',
      '未录取',
    ]);
    const action = screen.getAllByTestId('stage-earlier-action')[0]!;
    expect(action.textContent).toContain('查看录取结果');
    expect(text('stage-earlier-all')).toContain('全部报名（5）');
    fireEvent.click(action);
    expect((await screen.findByTestId('result-page')).textContent).toBe('5');
  });

  it('shows no earlier section when no earlier plan concerns her or the list failed', async () => {
    listAnswer = { code: 200, msg: '', data: [application(2, -1600, { auditStatus: '2' })] };
    renderCard(planFrom(-5), { applied: false, canCandidate: true });
    await screen.findByTestId('stage-state');
    await waitFor(() => expect(calls('listMyEnroll')).toBe(1));
    expect(screen.queryByTestId('stage-earlier')).toBeNull();
    cleanup();
    listAnswer = { code: 500, msg: '服务器错误', data: null };
    renderCard(planFrom(-5), { applied: false, canCandidate: true });
    await screen.findByTestId('stage-state');
    expect(screen.queryByTestId('stage-earlier')).toBeNull();
  });
});
