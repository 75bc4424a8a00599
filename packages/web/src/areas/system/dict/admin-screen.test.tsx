import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { PermissionsProvider } from '../../../components/crud';
import { viewport } from '../../../test-viewport';
import DictScreen from './admin-screen';

/**
 * Spec §5 "Required on blur": the dictionary form (like every console add/edit form, through the
 * shared CRUD dialog) says '{label}不能为空' when an empty required field loses focus, before any submit.
 */
const create = vi.hoisted(() => vi.fn());
vi.mock('../api', () => ({
  pageDictTypes: () =>
    Promise.resolve({
      records: [{ id: 1, name: '性别', type: 'sex', isSystem: '1', description: null, createTime: '' }],
      total: 1,
      current: 1,
      size: 10,
    }),
  pageDictItems: () => Promise.resolve({ records: [], total: 0, current: 1, size: 10 }),
  createDictType: create,
  updateDictType: vi.fn(),
  deleteDictType: vi.fn(),
  deleteDictTypes: vi.fn(),
  createDictItem: vi.fn(),
  updateDictItem: vi.fn(),
  deleteDictItem: vi.fn(),
  deleteDictItems: vi.fn(),
}));
vi.mock('../../../admin/session', () => ({
  useSession: () => ({
    info: {
      user: { provinceCode: '520000', cityCode: null, countyCode: null },
      roles: ['admin'],
      permissions: ['*'],
    },
    menu: [],
  }),
}));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={['*']}>
          <DictScreen />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}

beforeAll(() => viewport(1280));
afterEach(() => i18n.changeLanguage('zh'));

describe('dictionary form (spec §5 "Required on blur")', () => {
  it.each([
    ['zh', '字典名称不能为空'],
    ['en', 'cannot be empty'],
  ])(
    'an empty required field left behind says so in %s without a submit',
    async (lang, message) => {
      await i18n.changeLanguage(lang);
      mount();
      await within(await screen.findByTestId('sys-dict')).findByText('sex');
      fireEvent.click(screen.getByTestId('sys-dict-add'));
      const form = await screen.findByTestId('sys-dict-form');
      const name = within(form).getByTestId('sys-dict-name');
      await act(async () => {
        fireEvent.focus(name);
        fireEvent.blur(name);
      });
      expect(await within(form).findByText(message, { exact: false })).toBeTruthy();
      // only the field left behind complains; nothing was sent
      expect(form.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);
      expect(create).not.toHaveBeenCalled();
    },
    30_000,
  );
});
