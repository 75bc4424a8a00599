import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, Tabs } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, openTab, useTabs } from './tabs-store';

/**
 * The tab bar (spec §4 "Tabs"): visited pages, the home tab always first and not closable; close,
 * close others, close all (→ /wel/index); with one tab, closing is disabled.
 */
export function TabBar({ titleOf }: { titleOf: (path: string) => string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useTabs();

  useEffect(() => openTab(pathname), [pathname]);

  const close = (path: string) => {
    const next = closeTab(path, pathname);
    if (next) navigate(next);
  };
  const single = tabs.length <= 1;

  return (
    <div
      data-testid="tabs"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '6px 16px 0',
        background: 'var(--tabs-bg, transparent)',
      }}
    >
      <Tabs
        size="small"
        type="editable-card"
        hideAdd
        activeKey={tabs.includes(pathname) ? pathname : undefined}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        style={{ flex: 1, minWidth: 0, marginBottom: 0 }}
        tabBarStyle={{ marginBottom: 0 }}
        items={tabs.map((path) => ({
          key: path,
          label: <span data-testid={`tab-${path}`}>{titleOf(path)}</span>,
          closable: path !== HOME_TAB && !single,
          closeIcon: undefined,
        }))}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'close',
              label: <span data-testid="tabs-close-current">{t('admin.tabs.close')}</span>,
              disabled: single || pathname === HOME_TAB || !tabs.includes(pathname),
            },
            {
              key: 'others',
              label: <span data-testid="tabs-close-others">{t('admin.tabs.closeOthers')}</span>,
              disabled: single,
            },
            {
              key: 'all',
              label: <span data-testid="tabs-close-all">{t('admin.tabs.closeAll')}</span>,
              disabled: single,
            },
          ],
          onClick: ({ key }) => {
            if (key === 'close') close(pathname);
            else if (key === 'others') closeOtherTabs(pathname);
            else {
              closeAllTabs();
              navigate(HOME_TAB);
            }
          },
        }}
      >
        <Button
          size="small"
          aria-label={t('admin.tabs.actions')}
          data-testid="tabs-actions"
          icon={<DownOutlined />}
        />
      </Dropdown>
    </div>
  );
}
