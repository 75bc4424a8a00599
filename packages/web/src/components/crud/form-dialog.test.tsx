import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { ProFormText } from '@ant-design/pro-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CrudTable, PermissionsProvider, type CrudConfig } from '.';
import { viewport } from '../../test-viewport';

/**
 * The add/edit dialog of every CrudTable screen keeps what the user typed: 取消, × and Esc on an
 * edited form ask 确认放弃未保存的修改？ first; an untouched form and a saved one close at once.
 */
type Row = { id: number; name: string };

function mount(create = vi.fn(() => Promise.resolve({ code: 200, msg: '保存成功', data: 1 }))) {
  const config: CrudConfig<Row, { name: string }> = {
    name: '测试项',
    title: '测试列表',
    testId: 'thing',
    columns: [{ title: '名称', dataIndex: 'name' }],
    api: {
      page: () => Promise.resolve({ records: [], total: 0, current: 1, size: 10 }),
      create,
    },
    permissions: { add: 'x:add' },
    form: { fields: <ProFormText name="name" label="名称" fieldProps={{ 'data-testid': 'thing-name' }} /> },
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={['*']}>
          <CrudTable config={config} />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
  return { create };
}

/** The add dialog, opened from the toolbar. */
async function openAdd() {
  fireEvent.click(await screen.findByTestId('thing-add'));
  return screen.findByTestId('thing-name');
}

const pressEscape = () =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', keyCode: 27 });
/** The dialog is closing or closed (in jsdom antd's leave motion starts and never ends). */
const closing = () => {
  const dialog = screen.queryByTestId('thing-form')?.closest('.ant-modal');
  return !dialog || dialog.classList.contains('ant-zoom-leave');
};
const dialogGone = () => waitFor(() => expect(closing()).toBe(true), { timeout: 5000 });

beforeAll(() => viewport(1280));

describe('CrudTable add/edit dialog', () => {
  it('asks before Esc discards typed values; 继续编辑 keeps them, 放弃 closes', async () => {
    mount();
    const input = await openAdd();
    await userEvent.type(input, '新名称');
    pressEscape();
    expect((await screen.findByText('确认放弃未保存的修改？')).textContent).toBe('确认放弃未保存的修改？');
    expect(closing()).toBe(false);
    fireEvent.click(screen.getByTestId('thing-discard-cancel'));
    expect(closing()).toBe(false);
    expect((screen.getByTestId('thing-name') as HTMLInputElement).value).toBe('新名称');

    // the × asks the same
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    fireEvent.click(await screen.findByTestId('thing-discard-ok'));
    await dialogGone();
  }, 30_000);

  it('closes an untouched form at once', async () => {
    mount();
    await openAdd();
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    await dialogGone();
    expect(screen.queryByText('确认放弃未保存的修改？')).toBeNull();
  }, 30_000);

  it('closes without asking after a save', async () => {
    const { create } = mount();
    const input = await openAdd();
    await userEvent.type(input, '保存的名称');
    fireEvent.click(screen.getByTestId('thing-form-submit'));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ name: '保存的名称' }));
    await dialogGone();
    expect(screen.queryByText('确认放弃未保存的修改？')).toBeNull();
  }, 30_000);
});
