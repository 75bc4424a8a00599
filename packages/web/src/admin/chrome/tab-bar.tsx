import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Dropdown, Tabs } from 'antd';
import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, openTab, useTabs } from './tabs-store';

/** The overflow list's class: its entries are options, so they carry no close button of their own. */
const MORE_POPUP = 'tegang-tabs-more';
const MORE_POPUP_CSS = `.${MORE_POPUP} .ant-tabs-dropdown-menu-item-remove{display:none}`;

/**
 * The tab list's ARIA structure, whatever antd draws when the tabs overflow (WAI-ARIA 1.2: a tablist
 * owns tabs only; axe "aria-required-children", critical): rc-tabs puts role="tablist" on the whole
 * nav, which also holds the overflow button (…); the role, its orientation and the list's name move
 * to the nav's list, which holds the tabs alone. Run after every render: rc-tabs renders the nav again
 * when tabs open and close, React leaves the attributes as they are set here.
 */
function useTabListStructure(label: string) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const nav = box.current?.querySelector('.ant-tabs-nav');
    const list = box.current?.querySelector('.ant-tabs-nav-list');
    if (!nav || !list) return;
    if (nav.getAttribute('role') === 'tablist') {
      list.setAttribute('aria-orientation', nav.getAttribute('aria-orientation') ?? 'horizontal');
      nav.removeAttribute('role');
      nav.removeAttribute('aria-orientation');
    }
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-label', label);
  });
  return box;
}

/**
 * The tab bar (spec §4 "Tabs"): visited pages, the home tab always first and not closable; close,
 * close others, close all (→ /wel/index); with one tab, closing is disabled. Tabs that do not fit go
 * into antd's overflow list (…), a listbox of the pages; the tab list stays a valid tablist
 * (useTabListStructure) and the list's entries hold no nested buttons (closing is on the tab itself
 * and in 标签操作).
 */
export function TabBar({ titleOf }: { titleOf: (path: string) => string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = useTabs();
  const box = useTabListStructure(t('admin.tabs.label'));

  useEffect(() => openTab(pathname), [pathname]);

  const close = (path: string) => {
    const next = closeTab(path, pathname);
    if (next) navigate(next);
  };
  const single = tabs.length <= 1;

  return (
    <div
      ref={box}
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
        popupClassName={MORE_POPUP}
        more={{ icon: <EllipsisOutlined aria-label={t('admin.tabs.more')} /> }}
        items={tabs.map((path) => ({
          key: path,
          label: <span data-testid={`tab-${path}`}>{titleOf(path)}</span>,
          closable: path !== HOME_TAB && !single,
          closeIcon: undefined,
        }))}
      />
      <style>{MORE_POPUP_CSS}</style>
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
