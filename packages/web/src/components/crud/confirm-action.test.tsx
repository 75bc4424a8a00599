import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { useActions, type Actions } from './confirm-action';

let actions: Actions;
function Probe() {
  actions = useActions();
  return null;
}

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));

const mount = () =>
  render(
    <App>
      <Probe />
    </App>,
  );

describe('useActions (spec §8)', () => {
  it('confirms with 警告, then calls, shows the server msg and reloads', async () => {
    mount();
    const call = vi.fn().mockResolvedValue({ code: 200, msg: '删除成功', data: null });
    const reload = vi.fn();
    act(() =>
      actions.confirm({ content: '是否确认删除当前地区', danger: true, okTestId: 'x-ok', call, reload }),
    );
    expect(await screen.findAllByText('警告')).not.toHaveLength(0);
    expect(screen.getAllByText('是否确认删除当前地区')).not.toHaveLength(0);
    expect(screen.getAllByTestId('x-ok')).toHaveLength(1);
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('x-ok'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledTimes(1);
    expect(await screen.findAllByText('删除成功')).not.toHaveLength(0);
  });

  it('does not call on cancel', async () => {
    mount();
    const call = vi.fn();
    act(() => actions.confirm({ content: '清空?', call }));
    fireEvent.click((await screen.findAllByRole('button', { name: /取\s?消/ }))[0]!);
    await new Promise((r) => setTimeout(r, 50));
    expect(call).not.toHaveBeenCalled();
  });

  it('runs without a confirm: a failed call neither toasts nor reloads', async () => {
    mount();
    const reload = vi.fn();
    let ok: boolean | undefined;
    await act(async () => {
      ok = await actions.run({ call: () => Promise.reject(new Error('400')), reload });
    });
    expect(ok).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('falls back to the success key and hands the answer on', async () => {
    mount();
    const onSuccess = vi.fn();
    await act(async () => {
      await actions.run({ call: async () => 'Abc12345', onSuccess, successKey: 'common.success' });
    });
    expect(onSuccess).toHaveBeenCalledWith('Abc12345');
    expect(await screen.findAllByText(i18n.t('common.success'))).not.toHaveLength(0);
  });
});
