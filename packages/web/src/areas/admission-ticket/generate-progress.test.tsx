import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
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

const job = (status: string, done: number, failed: number, percent: number): GenerateJob => ({
  status,
  total: 40,
  done,
  failed,
  percent,
  message: null,
});

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
      <App>
        <GenerateProgress target={{ jobId: 7, total: 40 }} pollMs={20} onClose={() => {}} onDone={onDone} />
      </App>,
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
      <App>
        <GenerateProgress target={{ jobId: 8, total: 40 }} pollMs={20} onClose={() => {}} onDone={() => {}} />
      </App>,
    );
    expect((await screen.findByTestId('ticket-generate-done')).textContent).toContain(
      '成功 38 张，失败 2 张',
    );
    expect(barValue()).toBe('100');
  });
});
