import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { EnrollForm } from './enroll-form';
import { loadDraft, saveDraft } from './enroll-draft';

/** Issue 8: the application form keeps a draft, takes the name from the account, asks before leaving. */
vi.mock('../../../candidate/state', () => ({
  useCandidate: () => ({
    userInfo: { id: 3, realName: '王小明', idCard: '520102199001010011', telephone: '13900000001' },
    limitBirth: null,
    refresh: () => Promise.resolve(),
  }),
}));
vi.mock('../../../api/reference', () => ({ listDictItems: () => Promise.resolve([]) }));
vi.mock('./enroll-cascade', async (actual) => ({
  ...(await actual<typeof import('./enroll-cascade')>()),
  EnrollCascade: () => null,
}));

const owner = { planId: 7, candidateId: 3 };

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/web/enroll',
        element: (
          <>
            <Link to="/web/user_info" data-testid="away">
              away
            </Link>
            <EnrollForm planId={7} onSaved={() => {}} />
          </>
        ),
      },
      { path: '/web/user_info', element: <div data-testid="user-info" /> },
    ],
    { initialEntries: ['/web/enroll'] },
  );
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

// The whole form renders (about 25 fields): slower than a unit of its own.
describe('EnrollForm draft and leave guard', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it('fills the name from the account, read-only like the ID number', () => {
    renderForm();
    expect(input('field-name').value).toBe('王小明');
    expect(input('field-name').readOnly).toBe(true);
    expect(input('field-idCard').readOnly).toBe(true);
    expect(screen.queryByTestId('enroll-draft-restored')).toBeNull();
  });

  it('saves a change as a draft and restores it on opening again, the photo asked again', async () => {
    renderForm();
    fireEvent.change(input('field-major'), { target: { value: '数学' } });
    await waitFor(() => expect(loadDraft(owner)?.major).toBe('数学'), { timeout: 2000 });
    cleanup(); // a reload

    renderForm();
    expect(input('field-major').value).toBe('数学');
    expect(screen.getByTestId('enroll-draft-restored').textContent).toContain('请重新上传');
  });

  it('discards a restored draft', () => {
    saveDraft(owner, { major: '数学' });
    renderForm();
    fireEvent.click(screen.getByTestId('enroll-draft-discard'));
    expect(loadDraft(owner)).toBeNull();
    expect(input('field-major').value).toBe('');
    expect(input('field-name').value).toBe('王小明');
    expect(screen.queryByTestId('enroll-draft-restored')).toBeNull();
  });

  it('asks before leaving a changed form, and stays on cancel', async () => {
    renderForm();
    fireEvent.click(screen.getByTestId('away'));
    await screen.findByTestId('user-info'); // unchanged: leaves at once
    cleanup();

    renderForm();
    fireEvent.change(input('field-major'), { target: { value: '数学' } });
    fireEvent.click(screen.getByTestId('away'));
    expect(await screen.findByText('离开后未提交的内容将丢失，确定离开？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('user-info')).toBeNull();
    expect(screen.getByTestId('enroll-form')).toBeTruthy();
  });

  it('leaves on confirm', async () => {
    renderForm();
    fireEvent.change(input('field-major'), { target: { value: '数学' } });
    fireEvent.click(screen.getByTestId('away'));
    await screen.findByText('离开后未提交的内容将丢失，确定离开？');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByTestId('user-info');
  });
});
