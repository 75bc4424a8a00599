import { render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminUser, EducationPlan } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import EducationPlanScreen from './admin-screen';
import { viewport } from '../../test-viewport';

/**
 * The mapping is province-wide (docs/security.md "Province-wide objects"): a city or county account,
 * even one holding every key, sees no add, edit or delete, and is told why in its language.
 */
const ROW: EducationPlan = { id: 1, category: '01', education: ['21'] } as EducationPlan;
vi.mock('./api', () => ({
  pageEducationPlans: () => Promise.resolve({ records: [ROW], total: 1, current: 1, size: 10 }),
  createEducationPlan: vi.fn(),
  updateEducationPlan: vi.fn(),
  deleteEducationPlan: vi.fn(),
}));
vi.mock('../../api/reference', () => ({
  listDictItems: (type: string) =>
    Promise.resolve(
      type === 'recruit_plan_category'
        ? [{ value: '01', label: '普通岗位', labelEn: 'General post', isDefault: 'N', sort: 1 }]
        : [{ value: '21', label: '本科', labelEn: 'Bachelor', isDefault: 'N', sort: 1 }],
    ),
}));
const user = vi.hoisted(() => ({ current: null as Partial<AdminUser> | null }));
vi.mock('../../admin/session', () => ({
  useSession: () => ({
    info: user.current ? { user: user.current, roles: ['admin'], permissions: ['*'] } : null,
    menu: [],
  }),
}));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={['*']}>
          <EducationPlanScreen />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}

beforeAll(() => viewport(1280));
afterEach(() => i18n.changeLanguage('zh'));

describe('category–education mapping screen', () => {
  it.each([
    ['a county', { provinceCode: '520000', cityCode: '520100', countyCode: '520102' }],
    ['a city', { provinceCode: '520000', cityCode: '520100', countyCode: null }],
  ])(
    'hides every write from %s account holding every key, and says why',
    async (_who, scope) => {
      user.current = scope;
      await i18n.changeLanguage('zh');
      mount();
      const table = await screen.findByTestId('education-plan');
      await within(table).findByText('普通岗位');
      expect(screen.getByTestId('province-only-educationPlan').textContent).toContain(
        '仅省级账号可以修改类别与学历对应关系',
      );
      for (const id of ['education-plan-add', 'education-plan-edit', 'education-plan-delete'])
        expect(screen.queryByTestId(id)).toBeNull();
    },
    30_000,
  );

  it('says it in English too', async () => {
    user.current = { provinceCode: '520000', cityCode: '520100', countyCode: '520102' };
    await i18n.changeLanguage('en');
    mount();
    expect((await screen.findByTestId('province-only-educationPlan')).textContent).toContain(
      'Only a province-level account can change the category–education mapping',
    );
  }, 30_000);

  it('keeps them for a province account', async () => {
    user.current = { provinceCode: '520000', cityCode: null, countyCode: null };
    mount();
    await within(await screen.findByTestId('education-plan')).findByText('普通岗位');
    expect(screen.getByTestId('education-plan-add')).toBeTruthy();
    expect(screen.getByTestId('education-plan-edit')).toBeTruthy();
    expect(screen.queryByTestId('province-only-educationPlan')).toBeNull();
  }, 30_000);
});
