import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { DisableDialog } from './disable-dialog';

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
const mount = (call: (reason: string) => Promise<never>, reload = vi.fn(), onClose = vi.fn()) =>
  render(
    <App>
      <DisableDialog target={{ name: '张三', call, reload }} onClose={onClose} />
    </App>,
  );

describe('DisableDialog (停用 with a reason)', () => {
  it('requires a reason before anything is called', async () => {
    const call = vi.fn();
    mount(call);
    fireEvent.click(await screen.findByTestId('cand-state-reason-ok'));
    expect(await screen.findAllByText('请填写停用原因')).not.toHaveLength(0);
    expect(screen.queryByTestId('cand-state-disable-ok')).toBeNull();
    expect(call).not.toHaveBeenCalled();
  });

  it('confirms, then calls with the trimmed reason, closes and reloads', async () => {
    const call = vi.fn().mockResolvedValue({ code: 200, msg: '保存成功', data: null });
    const reload = vi.fn();
    const onClose = vi.fn();
    mount(call, reload, onClose);
    fireEvent.change(await screen.findByTestId('cand-state-reason'), { target: { value: '  信息不实 ' } });
    fireEvent.click(screen.getByTestId('cand-state-reason-ok'));
    expect(await screen.findAllByText(/确认停用考生“张三”的账号吗/)).not.toHaveLength(0);
    expect(call).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('cand-state-disable-ok'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(call).toHaveBeenCalledWith('信息不实');
    expect(onClose).toHaveBeenCalled();
  });
});
