import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { session } from '../session';
import InfoPage from './info';

// The session's two server calls, answered for one user (the page itself talks to no server here).
vi.mock('../api', async (original) => ({
  ...(await original<typeof import('../api')>()),
  getInfo: () =>
    Promise.resolve({
      user: { id: 1, userName: 'admin', nickName: '管理员', phone: '13900000000', sex: '0', avatar: null },
      roles: ['admin'],
      permissions: [],
    }),
  getMenu: () => Promise.resolve([]),
}));

beforeAll(() => i18n.changeLanguage('zh'));

describe('the personal info page', () => {
  it('links the preferences page /info/setting (spec §2)', async () => {
    await act(() => session.load());
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <MemoryRouter initialEntries={['/info/index']}>
            <Routes>
              <Route path="/info/index" element={<InfoPage />} />
              <Route path="/info/setting" element={<p>setting page</p>} />
            </Routes>
          </MemoryRouter>
        </App>
      </QueryClientProvider>,
    );
    const link = await screen.findByTestId('info-setting-link');
    expect(link.textContent).toBe('个人设置');
    fireEvent.click(link);
    expect(await screen.findByText('setting page')).toBeTruthy();
  });
});
