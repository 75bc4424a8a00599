import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LockPasswordDialog } from './lock-password-dialog';

/** Spec §4 "Lock": the first lock sets a lock password, which is required (锁屏密码不能为空). */
// antd's first Modal render is slow on a loaded machine.
describe('LockPasswordDialog', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('requires the password, then hands it over; its test ids carry the prefix', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(
      <LockPasswordDialog
        open
        title="设置锁屏密码"
        testIdPrefix="lock"
        onCancel={() => {}}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(await screen.findByTestId('lock-set-ok'));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('lock-set-password'), { target: { value: 'Lock-1' } });
    fireEvent.click(screen.getByTestId('lock-set-ok'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Lock-1'));
  });

  it('closes by its cancel button', async () => {
    const onCancel = vi.fn();
    render(
      <LockPasswordDialog
        open
        title="设置锁屏密码"
        testIdPrefix="web-lock"
        onCancel={onCancel}
        onSubmit={vi.fn()}
      />,
    );
    await screen.findByTestId('web-lock-set-password');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalled();
  });
});
