import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SmsNoticeJobView, SmsNoticePlanView } from '@tegang/domain';
import i18n from '../../i18n';
import { SmsNoticeDialog } from './sms-notice-dialog';

const VIEW: SmsNoticePlanView = {
  planId: 3,
  enabled: true,
  counts: [
    { event: 'rejected', sent: 4, failed: 1, sending: 0, pending: 0 },
    { event: 'ticketReady', sent: 120, failed: 2, sending: 1, pending: 0 },
    { event: 'resultsOpen', sent: 0, failed: 0, sending: 0, pending: 130 },
  ],
  lastJobId: null,
};
const DONE: SmsNoticeJobView = {
  status: '2',
  total: 130,
  sent: 128,
  failed: 2,
  percent: 100,
  attempts: 1,
  message: '发送完成：成功 128 条，失败 2 条',
};
const sendPlanNotice = vi.fn((_planId: number, _event: string) =>
  Promise.resolve({ code: 200, msg: '', data: { jobId: 9, total: 130 } }),
);
vi.mock('./sms-notice-api', () => ({
  getPlanNotices: () => Promise.resolve(VIEW),
  getNoticeJob: () => Promise.resolve(DONE),
  getNoticeTemplates: () => Promise.resolve([]),
  setPlanNotices: vi.fn(),
  saveNoticeTemplates: vi.fn(),
  sendPlanNotice: (planId: number, event: string) => sendPlanNotice(planId, event),
}));
vi.mock('../../admin/session', () => ({ useSession: () => ({ info: null, menu: [] }) }));

beforeAll(() => i18n.changeLanguage('zh'));

describe('SmsNoticeDialog', () => {
  it('shows sent and failed per event and sends the results notice after a count confirmation', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <SmsNoticeDialog plan={{ id: 3, name: '2027年特岗计划' }} can={() => false} onClose={() => {}} />
        </App>
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('sms-notice-counts');
    await waitFor(() => expect(within(table).getByText('准考证已发放')).toBeTruthy());
    expect(within(table).getByText('120')).toBeTruthy();
    expect(within(table).getByText('130')).toBeTruthy();
    // Nothing waits for the rejection notice: its send is greyed.
    expect((screen.getByTestId('sms-notice-send-rejected') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('sms-notice-send-resultsOpen'));
    expect(await screen.findByText('将向 130 名考生发送“成绩已可查询”短信，确认发送吗？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('sms-notice-send-ok'));
    await waitFor(() => expect(sendPlanNotice).toHaveBeenCalledWith(3, 'resultsOpen'));
    expect((await screen.findByTestId('sms-notice-job-counts')).textContent).toContain(
      '成功 128 条，失败 2 条',
    );
    // Without the template key there is no templates tab.
    expect(screen.queryByText('短信模板')).toBeNull();
  });
});
