import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { JOB_STATUS, type ImportJobView } from '@tegang/domain';
import { ImportDialog } from './import-dialog';

/**
 * The import dialog's outcome: a done import shows the count, and under it the import's note when the
 * server gives one (rows the office should look at again, e.g. results still 待定).
 */
const NOTE = '其中 2 行录取状态为“待定”：这些考生查询录取结果时将看到“待定”';

function job(message: string | null): ImportJobView {
  return {
    id: 7,
    kind: 'admissionResult',
    status: JOB_STATUS.done,
    fileName: 'results.xlsx',
    total: 3,
    processed: 3,
    imported: 3,
    errorCount: 0,
    percent: 100,
    message,
    attempts: 1,
    createTime: '2026-07-01T08:00:00.000Z',
    finishTime: '2026-07-01T08:00:01.000Z',
  };
}

function mount(message: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const data = path.endsWith('/importExcel/1') ? { id: 7 } : job(message);
      return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data })));
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <ImportDialog
          open
          title="导入录取结果"
          api={{
            uploadUrl: '/candidate/admissionResults/importExcel/1',
            templateUrl: '/candidate/admissionResults/template',
            base: '/candidate/admissionResults',
          }}
          onClose={() => undefined}
          onDone={() => undefined}
        />
      </App>
    </QueryClientProvider>,
  );
}

async function upload() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'results.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
  const start = await screen.findByTestId('import-start');
  await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(start);
  return screen.findByTestId('import-done', undefined, { timeout: 10_000 });
}

describe('the import dialog', () => {
  it('shows a done import’s note under the count', async () => {
    mount(NOTE);
    expect((await upload()).textContent).toContain('导入完成：共 3 行');
    expect((await screen.findByTestId('import-note')).textContent).toContain(NOTE);
  }, 30_000);

  it('shows no note when the import has none', async () => {
    mount(null);
    await upload();
    expect(screen.queryByTestId('import-note')).toBeNull();
  }, 30_000);
});
