import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, type PlanOption } from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import EnrollComparePage from './admin-screen';
import { viewport } from '../../test-viewport';

const PLANS: PlanOption[] = [{ id: 3, name: '2027年特岗计划', year: '2027', status: '1', smsNotify: true }];
const pageCompare = vi.fn((_q: unknown) => Promise.resolve({ records: [], total: 0, current: 1, size: 10 }));
const compareExportLink = vi.fn((_f: unknown) => Promise.resolve({ url: '/x.xlsx' }));
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  pageCompare: (q: unknown) => pageCompare(q),
  compareExportLink: (f: unknown) => compareExportLink(f),
}));
vi.mock('../recruit-plan/api', () => ({ listPlanOptions: () => Promise.resolve(PLANS) }));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={Object.values(PERMISSIONS.enrollCompare)}>
          <EnrollComparePage />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}

beforeAll(() => i18n.changeLanguage('zh'));

describe('enrolment comparison screen: greyed or empty actions say why', () => {
  it('says the import needs a plan, and that an empty list has nothing to export', async () => {
    viewport(1280);
    mount();
    await screen.findByTestId('compare');
    await waitFor(() => expect(pageCompare).toHaveBeenCalled());
    const importButton = screen.getByTestId('import-open') as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    fireEvent.mouseEnter(importButton.parentElement!);
    expect(await screen.findByText('请先在查询条件中选择招聘计划')).toBeTruthy();

    fireEvent.click(screen.getByTestId('compare-export'));
    expect(await screen.findByText('内容为空，无法下载')).toBeTruthy();
    expect(compareExportLink).not.toHaveBeenCalled();
  }, 30_000);
});
