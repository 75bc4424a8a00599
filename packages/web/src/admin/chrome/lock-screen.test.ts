import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearErrorLog, cstNow, errorLogStore, installErrorLog, logError } from './error-log';
import { HOME_TAB, openTab, resetTabs, tabsStore } from './tabs-store';

/** The console lock screen's small defects: the "/" tab after unlocking, "[object Object]", UTC times. */
afterEach(() => {
  vi.useRealTimers();
  clearErrorLog();
  resetTabs();
});

describe('tabs after unlocking', () => {
  it('never opens a tab for "/", which only redirects to the home tab', () => {
    resetTabs();
    openTab('/');
    openTab('/admin/user');
    expect(tabsStore.get()).toEqual([HOME_TAB, '/admin/user']);
  });
});

describe('the error log', () => {
  it('writes times in China Standard Time, whatever the browser zone', () => {
    expect(cstNow(Date.UTC(2026, 0, 31, 20, 5, 9))).toBe('2026-02-01 04:05:09');
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 1, 0, 0, 0) });
    logError(new Error('boom'));
    expect(errorLogStore.get()[0]).toMatchObject({ message: 'boom', time: '2026-06-01 08:00:00' });
  });

  it('describes a thrown object instead of "[object Object]"', () => {
    logError({ reason: 'gone', status: 5 });
    logError({ message: 'plain message' });
    const [second, first] = errorLogStore.get();
    expect(first!.message).toBe('{"reason":"gone","status":5}');
    expect(second!.message).toBe('plain message');
  });

  it("does not log a form's rejected validation (the form shows it)", () => {
    installErrorLog();
    const event = new Event('unhandledrejection') as Event & { reason: unknown };
    event.reason = { errorFields: [{ name: ['password'], errors: ['锁屏密码不能为空'] }], values: {} };
    window.dispatchEvent(event);
    expect(errorLogStore.get()).toEqual([]);
  });
});
