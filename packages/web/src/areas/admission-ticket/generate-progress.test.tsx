import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JobStatus } from '@tegang/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { GenerateJob } from './admin-api';
import { GENERATE_POLL_MS, GenerateProgress } from './generate-progress';

const jobs: GenerateJob[] = [];
const getGenerateJob = vi.fn((_id: number) => Promise.resolve(jobs.shift()!));
vi.mock('./admin-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./admin-api')>()),
  getGenerateJob: (id: number) => getGenerateJob(id),
}));

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
afterEach(() => {
  getGenerateJob.mockClear();
  jobs.length = 0; // a failed test leaves no answers for the next one
});

const job = (
  status: JobStatus,
  done: number,
  failed: number,
  percent: number,
  attempts = 1,
): GenerateJob => ({
  status,
  total: 40,
  done,
  failed,
  percent,
  attempts,
  message: null,
});

/** The page's providers around `node` (a query client of its own per test). */
const inApp = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <App>{node}</App>
  </QueryClientProvider>
);

/** The bar's value as the page shows it (antd's progressbar role). */
const barValue = () => screen.getByTestId('ticket-generate-bar').getAttribute('aria-valuenow');

describe('generate progress (POST generateAdmissionTicket → GET generateJob/{jobId})', () => {
  it('polls every second by default', () => {
    expect(GENERATE_POLL_MS).toBe(1000);
  });

  it('polls the job until done and reaches 100 %', async () => {
    jobs.push(job('1', 10, 0, 25), job('1', 30, 0, 75), job('2', 40, 0, 100));
    // The first answer waits until the bar's start was looked at (a loaded machine may render late).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    getGenerateJob.mockImplementationOnce(async () => {
      await gate;
      return jobs.shift()!;
    });
    const onDone = vi.fn();
    render(
      inApp(
        <GenerateProgress target={{ jobId: 7, total: 40 }} pollMs={20} onClose={() => {}} onDone={onDone} />,
      ),
    );
    expect(await screen.findByTestId('ticket-generate-progress')).toBeTruthy();
    expect(barValue()).toBe('0');
    release();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(getGenerateJob).toHaveBeenCalledTimes(3);
    expect(getGenerateJob).toHaveBeenCalledWith(7);
    expect(barValue()).toBe('100');
    expect(screen.getByTestId('ticket-generate-counts').textContent).toContain('已完成 40/40，失败 0');
    expect(screen.getByTestId('ticket-generate-done').textContent).toContain('生成完成：共 40 张');
    // no more polling once done
    await new Promise((r) => setTimeout(r, 80));
    expect(getGenerateJob).toHaveBeenCalledTimes(3);
  });

  it('shows the failures of a job that ended with some', async () => {
    jobs.push(job('2', 38, 2, 100));
    render(
      inApp(
        <GenerateProgress
          target={{ jobId: 8, total: 40 }}
          pollMs={20}
          onClose={() => {}}
          onDone={() => {}}
        />,
      ),
    );
    expect((await screen.findByTestId('ticket-generate-done')).textContent).toContain(
      '成功 38 张，失败 2 张',
    );
    expect(barValue()).toBe('100');
    expect(screen.queryByTestId('job-resumed')).toBeNull();
  });

  it('says so when another server took the job over after its own stopped', async () => {
    jobs.push(job('1', 12, 0, 30, 2), job('2', 40, 0, 100, 2));
    const onDone = vi.fn();
    render(
      inApp(
        <GenerateProgress target={{ jobId: 9, total: 40 }} pollMs={20} onClose={() => {}} onDone={onDone} />,
      ),
    );
    expect((await screen.findByTestId('job-resumed')).textContent).toContain(
      '由另一台服务器接续（第 2 次运行）',
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
