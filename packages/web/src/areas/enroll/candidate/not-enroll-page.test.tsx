import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { formatDateTime } from '@tegang/domain';
import { planFrom } from '../../../candidate/test-plan';
import NotEnroll from './not-enroll-page';

/**
 * /web/not_enroll says what is true of the front-site plan: no plan, a plan whose enrolment is not
 * open yet or ended (its name with the server's message), or enrolment open after all.
 */
const state = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../../candidate/state', () => ({ useCandidate: () => state.current }));
vi.mock('./birth-limits', () => ({ BirthLimits: () => null }));

function renderPage(fields: Record<string, unknown>) {
  state.current = {
    loading: false,
    failed: false,
    canCandidate: false,
    message: '',
    planId: null,
    enrollStatus: '0',
    plan: null,
    limitBirth: null,
    birthLimits: {},
    refresh: () => Promise.resolve(),
    ...fields,
  };
  render(
    <MemoryRouter>
      <App>
        <NotEnroll />
      </App>
    </MemoryRouter>,
  );
}
const message = () => screen.getByTestId('not-enroll-message').textContent;
const NAME = '2026年特岗教师招聘计划';

describe('/web/not_enroll', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('says there is no plan only when there is none', () => {
    renderPage({});
    expect(message()).toBe('当前没有正在进行的招聘计划');
    expect(document.title).toContain('暂不能报名');
  });

  it("names the open plan with the server's reason before enrolment opens", () => {
    const plan = { ...planFrom(5), name: NAME };
    const reason = `网上报名尚未开始，将于 ${formatDateTime(plan.enrollStartTime)} 开始`;
    renderPage({ planId: 7, plan, message: reason });
    expect(message()).toBe(`${NAME}：${reason}`);
    expect(screen.queryByRole('button', { name: /立即报名/ })).toBeNull();
  });

  it('reads the reason from the window when the server gave none (enrolment ended)', () => {
    const plan = { ...planFrom(-15), name: NAME };
    renderPage({ planId: 7, plan });
    expect(message()).toBe(`${NAME}：网上报名已于 ${formatDateTime(plan.enrollEndTime)} 结束`);
  });

  it('says enrolment is open when she arrives inside the window, with the way to apply or to her application', () => {
    const plan = { ...planFrom(-5), name: NAME };
    renderPage({ planId: 7, plan, canCandidate: true });
    expect(message()).toBe(`网上报名正在进行，截至 ${formatDateTime(plan.enrollEndTime)}`);
    expect(message()).not.toContain('当前没有正在进行的招聘计划');
    expect(document.title).toContain('网上报名');
    expect(screen.getByRole('button', { name: /立即报名/ })).toBeTruthy();
    cleanup();
    renderPage({ planId: 7, plan, canCandidate: true, enrollStatus: '1' });
    expect(message()).toContain('您已报名');
    expect(screen.getByRole('button', { name: /查看我的报名/ })).toBeTruthy();
  });
});
