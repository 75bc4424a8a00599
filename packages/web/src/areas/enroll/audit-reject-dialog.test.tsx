import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import message from 'antd/es/message';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { AuditRejectDialog, type RejectTarget } from './audit-reject-dialog';

/**
 * The 审核不通过 dialog sends the versions the list showed (docs/security.md "Trails"); a record changed
 * since (409) shows the server's message naming it and reloads the list.
 */
const CHANGED = '报名信息已被修改（钱改过，第 2 版），请刷新后重新审核';
const fetchMock = vi.fn();
vi.stubGlobal('fetch', fetchMock);

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
afterEach(() => {
  vi.clearAllMocks();
});

const TARGET: RejectTarget = {
  rows: [
    { id: 7, version: 1 },
    { id: 9, version: 3 },
  ],
  title: '审核不通过',
};

function mount() {
  const onClose = vi.fn();
  const onDone = vi.fn();
  render(
    <App>
      <AuditRejectDialog target={TARGET} onClose={onClose} onDone={onDone} />
    </App>,
  );
  return { onClose, onDone };
}

async function reject() {
  fireEvent.change(await screen.findByTestId('enroll-reject-reason'), { target: { value: '照片不清晰' } });
  fireEvent.click(screen.getByTestId('enroll-reject-ok'));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
}

describe('audit reject dialog', () => {
  it('sends the ids with the versions shown, in one order', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 200, msg: '审核完成', data: { count: 2 } })),
    );
    const { onDone } = mount();
    const { url, body } = await reject();
    expect(url).toContain('/candidate/enroll/audit');
    expect(body).toEqual({ idList: [7, 9], versions: [1, 3], auditStatus: '2', auditReason: '照片不清晰' });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(await screen.findAllByText('审核完成')).not.toHaveLength(0);
  });

  it('on 409 shows the message naming the changed record, closes and reloads the list', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 409,
          msg: CHANGED,
          data: { changed: [{ id: 9, name: '钱改过', version: 2 }] },
        }),
        { status: 409 },
      ),
    );
    // the request client toasts a failed call's message (api/request.ts)
    const toast = vi.spyOn(message, 'error');
    const { onClose, onDone } = mount();
    await reject();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    // the toast loads antd's message at its first use (components/toast.ts)
    await waitFor(() => expect(toast).toHaveBeenCalledWith(CHANGED));
  });
});
