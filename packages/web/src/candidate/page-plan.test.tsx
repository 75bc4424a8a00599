import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyEnroll } from '@tegang/domain';
import { planFrom } from './test-plan';
import { parsePlanId, planPath, useMyEnrollList, usePagePlan } from './page-plan';

/**
 * The plan a candidate page is about: `?planId=` for any plan she applied to, else the front-site
 * state's plan; an earlier plan comes from her applications, one read shared with 我的报名.
 */
const state = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('./state', async (actual) => ({
  ...(await actual<typeof import('./state')>()),
  useCandidate: () => state.current,
}));

const earlier = (id: number, purged = false): MyEnroll => ({
  plan: { ...planFrom(-400), id, name: `202${id}年特岗教师招聘计划`, year: `202${id}`, status: '2', purged },
  enrollId: 50 + id,
  serialNo: null,
  auditStatus: '1',
  auditReason: null,
  ticket: null,
  result: null,
});
let mine: MyEnroll[];
const fetchMock = vi.fn(async (url: string) => {
  const body = url.startsWith('/api/enroll/listMyEnroll')
    ? { code: 200, msg: '', data: mine }
    : { code: 404, msg: 'not found', data: null };
  return { status: 200, json: async () => body };
});

/** Prints what the hook says, beside a second reader of her applications (as 我的报名 beside a page). */
function Probe() {
  const view = usePagePlan();
  const list = useMyEnrollList();
  return (
    <div data-testid="probe">
      {JSON.stringify({
        planId: view.planId,
        name: view.plan?.name ?? null,
        applied: view.applied,
        canCandidate: view.canCandidate,
        earlier: view.earlier,
        purged: view.purged,
        unknown: view.unknown,
        loading: view.loading,
        listed: list.data?.length ?? null,
      })}
    </div>
  );
}

function probe(entry: string) {
  state.current = {
    loading: false,
    failed: false,
    canCandidate: true,
    message: '',
    planId: 7,
    enrollStatus: '0',
    plan: { ...planFrom(-5), id: 7, name: '2026年特岗教师招聘计划' },
    refresh: () => Promise.resolve(),
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const said = () => JSON.parse(screen.getByTestId('probe').textContent!) as Record<string, unknown>;
const settled = () => waitFor(() => expect(said().listed).not.toBeNull());

describe('usePagePlan', () => {
  beforeEach(() => {
    mine = [earlier(5), earlier(6, true)];
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('means the front-site plan without ?planId, or with its own id', async () => {
    probe('/web/recruit_info');
    await settled();
    expect(said()).toMatchObject({
      planId: 7,
      name: '2026年特岗教师招聘计划',
      applied: false,
      canCandidate: true,
      earlier: false,
      unknown: false,
    });
    cleanup();
    probe('/web/recruit_info?planId=7');
    await settled();
    expect(said()).toMatchObject({ planId: 7, earlier: false });
  });

  it('takes an earlier plan from her applications, closed to editing, with one read for both readers', async () => {
    probe('/web/recruit_info?planId=5');
    await settled();
    expect(said()).toMatchObject({
      planId: 5,
      name: '2025年特岗教师招聘计划',
      applied: true,
      canCandidate: false,
      earlier: true,
      purged: false,
      unknown: false,
      loading: false,
    });
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('listMyEnroll'))).toHaveLength(1);
  });

  it('says when the plan was purged, and when ?planId is not one of hers', async () => {
    probe('/web/recruit_info?planId=6');
    await settled();
    expect(said()).toMatchObject({ planId: 6, purged: true });
    cleanup();
    probe('/web/recruit_info?planId=8');
    await settled();
    expect(said()).toMatchObject({ planId: null, unknown: true, applied: false });
    cleanup();
    probe('/web/recruit_info?planId=-1');
    await settled();
    expect(said()).toMatchObject({ planId: null, unknown: true });
  });
});

describe('parsePlanId and planPath', () => {
  it('reads a positive id, nothing for an absent value, NaN for anything else', () => {
    expect(parsePlanId('12')).toBe(12);
    expect(parsePlanId(null)).toBeNull();
    expect(parsePlanId('')).toBeNull();
    for (const bad of ['0', '-3', '1.5', '1e3', 'abc', '012', '12345678901234567'])
      expect(parsePlanId(bad)).toBeNaN();
    expect(planPath('/web/recruit_info', 12)).toBe('/web/recruit_info?planId=12');
  });
});
