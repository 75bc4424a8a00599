import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { TabBar } from './tab-bar';
import { openTab, resetTabs } from './tabs-store';

/**
 * The console's tab bar keeps a valid tab structure (WAI-ARIA 1.2, axe "aria-required-children"): the
 * tablist holds the tabs only, not the overflow button that antd adds to the nav when tabs overflow.
 */
const PAGES = ['/recruit/recruitPlan/index', '/candidate/enroll/index', '/system/user/index'];

beforeEach(() => {
  resetTabs();
  for (const page of PAGES) openTab(page);
});

describe('the tab bar', () => {
  it('names a tablist that holds the tabs and not the overflow button', { timeout: 30_000 }, () => {
    render(
      <MemoryRouter initialEntries={[PAGES[1]!]}>
        <TabBar titleOf={(path) => path.split('/')[2] ?? path} />
      </MemoryRouter>,
    );
    const list = screen.getByRole('tablist', { name: '已打开的页面' });
    expect(list.classList.contains('ant-tabs-nav-list')).toBe(true);
    expect(document.querySelectorAll('[role=tablist]')).toHaveLength(1);
    // every element the list owns is a tab or has no role of its own (the tab's wrapper, the ink bar)
    const owned = [...list.querySelectorAll('[role]')]
      .filter((e) => !e.parentElement?.closest('[role=tab]'))
      .map((e) => e.getAttribute('role'));
    expect(new Set(owned)).toEqual(new Set(['tab']));
    const more = document.querySelector('.ant-tabs-nav-more')!;
    expect(list.contains(more)).toBe(false);
    expect(more.querySelector('[aria-label]')?.getAttribute('aria-label')).toBe('更多已打开的页面');
    expect(screen.getByRole('tab', { name: 'enroll', selected: true })).toBeDefined();
  });
});
