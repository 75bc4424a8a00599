import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { formatDateTime, type CandidateResult, type MyEnroll } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import RecruitInfo from './recruit-info-page';

/**
 * /web/recruit_info: nothing before the score-query start (a Result saying when, no call),
 * the scores and the admission from then on, "暂无录取结果" on 404; an earlier plan's result by
 * `?planId=` from that plan's score-query start, whatever plan is open. The server is a mocked fetch.
 */
const DAY = 86_400_000;
const state = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../../candidate/state', async (actual) => ({
  ...(await actual<typeof import('../../../candidate/state')>()),
  useCandidate: () => state.current,
}));

const result: CandidateResult = {
  planId: 7,
  name: '王小明',
  idCard: '520102199001010011',
  admissionNumber: '2026520102010101',
  writeExamScore: '82.5',
  interviewScore: '88.0',
  examTotalScore: '85.25',
  physicalExamination: '合格',
  admissionStatus: '3',
  officeSchool: '南明区第一小学',
  admissionCounty: '南明区',
  admissionCountyCode: '520102',
  admissionAcademicSession: '1',
  admissionSubject: '03',
  remarks: '请于 8 月 20 日前报到',
};

type Answer = { code: number; msg: string; data: unknown };
let resultAnswer: () => Answer;
/** Her applications: plan 5 of an earlier year, its score query open (planFrom(-45)). */
const earlier: MyEnroll = {
  plan: { ...planFrom(-45), id: 5, name: '2025年特岗教师招聘计划', year: '2025', status: '2', purged: false },
  enrollId: 55,
  serialNo: '202552010200001',
  auditStatus: '1',
  auditReason: null,
  ticket: null,
  result: { admissionStatus: '1', officeSchool: '南明区第二小学' },
};
const fetchMock = vi.fn(async (url: string) => {
  let body: Answer;
  if (url.startsWith('/api/admissionResults/getAdmissionResultsByPlanId/7')) body = resultAnswer();
  else if (url.startsWith('/api/admissionResults/getAdmissionResultsByPlanId/5'))
    body = {
      code: 200,
      msg: '',
      data: { ...result, planId: 5, admissionStatus: '1', officeSchool: '南明区第二小学' },
    };
  else if (url.startsWith('/api/enroll/listMyEnroll')) body = { code: 200, msg: '', data: [earlier] };
  else if (url.startsWith('/candidate/admissionResults/getAdmissionStatus'))
    body = {
      code: 200,
      msg: '',
      data: [
        { value: '0', label: '未录取' },
        { value: '1', label: '已录取' },
        { value: '3', label: '递补录取' }, // an open list: codes beyond the catalogue's
      ],
    };
  else if (url.startsWith('/admin/dictItem/listDictItem/recruit_learning_period'))
    body = { code: 200, msg: '', data: [{ value: '1', label: '小学' }] };
  else if (url.startsWith('/admin/dictItem/listDictItem/recruit_subject'))
    body = { code: 200, msg: '', data: [{ value: '03', label: '数学' }] };
  else body = { code: 404, msg: 'not found', data: null };
  return { status: 200, json: async () => body };
});

function renderPage(scoreQueryStartTime: string, entry = '/web/recruit_info') {
  state.current = {
    loading: false,
    failed: false,
    message: '',
    planId: 7,
    enrollStatus: '1',
    plan: { id: 7, name: '2026年特岗教师招聘', scoreQueryStartTime },
    refresh: () => Promise.resolve(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <App>
          <RecruitInfo />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const resultCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url.includes('getAdmissionResultsByPlanId')).length;

describe('candidate admission result page', { timeout: 15_000 }, () => {
  beforeEach(() => {
    resultAnswer = () => ({ code: 200, msg: '', data: result });
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('before the score-query start says when results can be read, and asks nothing', () => {
    const start = new Date(Date.now() + 3 * DAY).toISOString();
    renderPage(start);
    expect(text('recruit-not-open')).toBe(`成绩查询将于 ${formatDateTime(start)} 开放，届时可查看录取结果`);
    expect(resultCalls()).toBe(0);
    expect(screen.queryByTestId('recruit-result')).toBeNull();
  });

  it('from then on shows the scores, the physical examination and the admission', async () => {
    renderPage(new Date(Date.now() - DAY).toISOString());
    await screen.findByTestId('recruit-result');
    const scores = text('recruit-scores');
    for (const value of ['王小明', '520102199001010011', '2026520102010101', '82.5', '88.0', '85.25', '合格'])
      expect(scores).toContain(value);
    const admission = text('recruit-admission');
    for (const value of ['南明区第一小学', '南明区', '请于 8 月 20 日前报到'])
      expect(admission).toContain(value);
    await waitFor(() => expect(text('recruit-status')).toBe('递补录取')); // the server's label
    await waitFor(() => expect(text('recruit-admission')).toContain('小学'));
    expect(text('recruit-admission')).toContain('数学');
  });

  it('says there is no result yet on 404, and shows the refusal of a 400', async () => {
    resultAnswer = () => ({ code: 404, msg: '暂无录取结果', data: null });
    renderPage(new Date(Date.now() - DAY).toISOString());
    expect((await screen.findByTestId('recruit-none')).textContent).toBe('暂无录取结果');
    cleanup();

    resultAnswer = () => ({ code: 400, msg: '成绩查询将于 2026-12-01 09:00 开放', data: null });
    renderPage(new Date(Date.now() - 1000).toISOString()); // the server's clock is a little behind
    expect((await screen.findByTestId('recruit-not-open')).textContent).toBe(
      '成绩查询将于 2026-12-01 09:00 开放',
    );
  });

  it("shows an earlier plan's result by ?planId while the open plan's results are not open yet", async () => {
    renderPage(new Date(Date.now() + 3 * DAY).toISOString(), '/web/recruit_info?planId=5');
    await screen.findByTestId('recruit-result', undefined, { timeout: 5000 });
    expect(text('plan-banner')).toContain('往期招聘计划：2025年特岗教师招聘计划（2025年）');
    expect(text('recruit-admission')).toContain('南明区第二小学');
    expect(document.title).toContain('录取结果 · 2025年特岗教师招聘计划');
    expect(fetchMock.mock.calls.some(([url]) => url.includes('getAdmissionResultsByPlanId/7'))).toBe(false);
  });
});
