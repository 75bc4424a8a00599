import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { CleanButton, RetentionTitle } from './clean-button';

/**
 * The log screens tell the removal rule (docs/security.md "Trails"): entries go only past the
 * retention, and the clean answers how many it removed.
 */
// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));

describe('log removal rule on the console', () => {
  it('the clean confirm says only entries past the retention go; the toast is the server’s count', async () => {
    const clean = vi.fn().mockResolvedValue({
      code: 200,
      msg: '已清除 3 条 180 天以前的日志，较新的日志在保留期内保留',
      data: { count: 3 },
    });
    const reload = vi.fn();
    render(
      <App>
        <CleanButton name="操作日志" clean={clean} reload={reload} testId="operlog" />
      </App>,
    );
    fireEvent.click(screen.getByTestId('operlog-clean'));
    expect(
      await screen.findAllByText(
        /是否确认清空操作日志？只清除保留期以前的记录：保留期由系统配置，至少 180 天/,
      ),
    ).not.toHaveLength(0);
    fireEvent.click(screen.getByTestId('operlog-clean-ok'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(
      await screen.findAllByText('已清除 3 条 180 天以前的日志，较新的日志在保留期内保留'),
    ).not.toHaveLength(0);
  });

  it('the title carries the rule for delete and clean, in zh and en', async () => {
    render(<RetentionTitle title="操作日志" testId="operlog" />);
    const icon = screen.getByTestId('operlog-retention');
    expect(icon.getAttribute('aria-label')).toContain('只能删除保留期以前的日志');
    await i18n.changeLanguage('en');
    render(<RetentionTitle title="Operation log" testId="loginlog" />);
    expect(screen.getByTestId('loginlog-retention').getAttribute('aria-label')).toContain(
      'Only log entries past the retention can be deleted',
    );
    await i18n.changeLanguage('zh');
  });
});
