import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArrangementInput, ArrangementResult, PlanOption } from '@tegang/domain';
import i18n from '../../i18n';
import { ArrangeDialog } from './arrange-dialog';

const SAVED: ArrangementInput = {
  planId: 3,
  roomSize: 30,
  examDate: '2027-06-20',
  examTime: '09:00-11:30',
  examinationRoomNotice: '请提前30分钟入场',
  sites: [{ code: '01', name: '贵阳一中', address: '贵阳市南明区', regionCode: '520102' }],
};
const RESULT: ArrangementResult = {
  planId: 3,
  applicants: 5,
  arranged: 3,
  kept: 1,
  unassigned: [{ enrollId: 9, name: '李四', idCard: '520102********1234', enrollCounty: '遵义市红花岗区' }],
  rooms: [
    {
      siteCode: '01',
      siteName: '贵阳一中',
      roomNumber: '001',
      academicSession: '01',
      subject: '01',
      seats: 4,
      kept: 1,
    },
  ],
  saved: false,
};

const getArrangement = vi.fn((_planId: number) => Promise.resolve<ArrangementInput | null>(SAVED));
const previewArrangement = vi.fn((_input: ArrangementInput) => Promise.resolve(RESULT));
const saveArrangement = vi.fn((_input: ArrangementInput) =>
  Promise.resolve({ code: 200, msg: '', data: { ...RESULT, saved: true } }),
);
vi.mock('./admin-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./admin-api')>()),
  getArrangement: (planId: number) => getArrangement(planId),
  previewArrangement: (input: ArrangementInput) => previewArrangement(input),
  saveArrangement: (input: ArrangementInput) => saveArrangement(input),
}));
vi.mock('../../api/reference', () => ({ listDictItems: () => Promise.resolve([]) }));
// The region scope tree of the cascader.
vi.stubGlobal(
  'fetch',
  vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data: [] })))),
);

const PLANS: PlanOption[] = [{ id: 3, name: '2027年特岗计划', year: '2027', status: '1', smsNotify: true }];

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
afterEach(() => {
  vi.clearAllMocks();
});

function mount(onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ArrangeDialog open plans={PLANS} planId={3} onClose={() => {}} onSaved={onSaved} />
      </App>
    </QueryClientProvider>,
  );
  return onSaved;
}

const saveButton = () => screen.getByTestId('arrange-save') as HTMLButtonElement;

describe('arrange dialog (编排考场)', () => {
  it('prefills the plan’s last settings and saves only after a preview of the same settings', async () => {
    const onSaved = mount();
    await waitFor(() =>
      expect((screen.getByTestId('arrange-exam-time') as HTMLInputElement).value).toBe('09:00-11:30'),
    );
    expect(getArrangement).toHaveBeenCalledWith(3);
    expect((screen.getByTestId('arrange-site-name-0') as HTMLInputElement).value).toBe('贵阳一中');
    expect((screen.getByTestId('arrange-room-size') as HTMLInputElement).value).toBe('30');
    // no preview yet: save is off
    expect(saveButton().disabled).toBe(true);

    fireEvent.click(screen.getByTestId('arrange-preview'));
    await waitFor(() => expect(previewArrangement).toHaveBeenCalledTimes(1));
    expect(previewArrangement).toHaveBeenCalledWith(SAVED);
    expect((await screen.findByTestId('arrange-applicants')).textContent).toBe('5');
    expect(screen.getByTestId('arrange-arranged').textContent).toBe('3');
    expect(screen.getByTestId('arrange-kept').textContent).toBe('1');
    // the applicants under no site: a warning with their names
    const warning = screen.getByTestId('arrange-unassigned');
    expect(warning.textContent).toContain('1 名考生的报考县不在任何考点的地区内，未安排考场');
    expect(warning.textContent).toContain('李四');
    expect(screen.getByTestId('arrange-rooms').textContent).toContain('01 贵阳一中');
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    // a change after the preview: save is off again until the next preview
    fireEvent.change(screen.getByTestId('arrange-exam-time'), { target: { value: '14:00-16:30' } });
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByTestId('arrange-stale')).toBeTruthy();
    fireEvent.click(screen.getByTestId('arrange-preview'));
    await waitFor(() => expect(previewArrangement).toHaveBeenCalledTimes(2));
    expect(previewArrangement.mock.calls[1]![0].examTime).toBe('14:00-16:30');
    await waitFor(() => expect(saveButton().disabled).toBe(false));

    // save asks first
    fireEvent.click(saveButton());
    expect(await screen.findByTestId('arrange-save-ok')).toBeTruthy();
    expect(saveArrangement).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByTestId('arrange-save-ok'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saveArrangement).toHaveBeenCalledWith({ ...SAVED, examTime: '14:00-16:30' });
  }, 30_000);

  it('does not preview settings that break the rules', async () => {
    getArrangement.mockResolvedValueOnce(null);
    mount();
    // the defaults: room size 30, one site numbered 01, nothing else
    await waitFor(() =>
      expect((screen.getByTestId('arrange-site-code-0') as HTMLInputElement).value).toBe('01'),
    );
    fireEvent.click(screen.getByTestId('arrange-preview'));
    expect(await screen.findByText('考试时间不能为空')).toBeTruthy();
    expect(await screen.findByText('考点名称不能为空')).toBeTruthy();
    expect(await screen.findByText('考点所辖地区不能为空')).toBeTruthy();
    expect(previewArrangement).not.toHaveBeenCalled();
    expect(saveButton().disabled).toBe(true);
  }, 30_000);
});
