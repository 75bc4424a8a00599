import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { EnrollForm } from './enroll-form';
import dayjs from 'dayjs';
import { NO, YES } from '@tegang/domain';
import { ApiError } from '../../../api/request';
import { submitApply } from '../api';
import { loadDraft, saveDraft, savePhotoDraft } from './enroll-draft';

/** The application form keeps a draft, takes the name from the account, asks before leaving. */
vi.mock('../../../candidate/state', () => ({
  useCandidate: () => ({
    userInfo: { id: 3, realName: '王小明', idCard: '520102199001010018', telephone: '13900000001' },
    limitBirth: null,
    refresh: () => Promise.resolve(),
  }),
}));
vi.mock('../../../api/reference', () => ({
  listDictItems: () => Promise.resolve([]),
  regionTree: () => Promise.resolve([]),
}));
vi.mock('../api', async (actual) => ({
  ...(await actual<typeof import('../api')>()),
  submitApply: vi.fn(),
}));
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

  it('saves a change as a draft and restores it on opening again', async () => {
    renderForm();
    fireEvent.change(input('field-major'), { target: { value: '数学' } });
    await waitFor(() => expect(loadDraft(owner)?.major).toBe('数学'), { timeout: 2000 });
    cleanup(); // a reload

    renderForm();
    expect(input('field-major').value).toBe('数学');
    expect(screen.getByTestId('enroll-draft-restored').textContent).toContain('已恢复未提交的草稿');
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

/** Every field of a new application but the account's name and ID number, valid. */
const filled = {
  maritalStatus: '1',
  nation: '01',
  veteran: NO,
  politicalAffiliation: '13',
  phone: '13900000001',
  domicile: '贵州贵阳',
  address: '贵阳市南明区',
  graduateCollege: '贵州师范大学',
  education: '2',
  graduationDate: dayjs('2024-06-30'),
  major: '数学',
  isNormal: YES,
  freshmen: YES,
  teacherCertification: '0',
  isAdjust: YES,
  priorityCondition: NO,
};
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

// A failed submit lists the fields in error at the top and focuses the first one.
describe('EnrollForm after a failed submit', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.mocked(submitApply).mockReset();
  });

  it('lists the fields in error until fixed, focuses the first, and each link goes to its field', async () => {
    renderForm();
    fireEvent.click(screen.getByTestId('enroll-submit'));
    const summary = await screen.findByTestId('enroll-error-summary');
    expect(summary.textContent).toMatch(/以下 \d+ 项需要修改/);
    expect(summary.textContent).toContain('民族');
    expect(summary.textContent).toContain('所学专业');
    // The first field in error (top of the form) has the focus.
    const links = summary.querySelectorAll('a');
    const firstId = links[0]!.getAttribute('href')!.slice(1);
    await waitFor(() => expect(document.activeElement?.closest('.ant-form-item')).toBeTruthy());
    expect(
      document.activeElement!.closest('.ant-form-item')!.querySelector(`label[for="${firstId}"]`),
    ).toBeTruthy();

    fireEvent.click(screen.getByTestId('enroll-error-summary-major'));
    expect(document.activeElement).toBe(input('field-major'));

    fireEvent.change(input('field-major'), { target: { value: '数学' } });
    await waitFor(() => expect(screen.queryByTestId('enroll-error-summary-major')).toBeNull());
    expect(screen.getByTestId('enroll-error-summary')).toBeTruthy(); // the others are still wrong
  });

  it('with only the photo missing, scrolls to the photo and focuses its upload button', async () => {
    saveDraft({ planId: 7, candidateId: 3 }, filled);
    renderForm();
    const button = screen.getByTestId('photo-upload-button');
    fireEvent.click(screen.getByTestId('enroll-submit'));
    const summary = await screen.findByTestId('enroll-error-summary');
    expect(summary.querySelectorAll('a')).toHaveLength(1);
    expect(summary.textContent).toContain('照片');
    await waitFor(() => expect(document.activeElement).toBe(button));
    // The label names the button, and the button is described by the field's error.
    expect(document.querySelector('label[for="picture"]')?.textContent).toContain('照片');
    expect(button.id).toBe('picture');
    await waitFor(() =>
      expect(
        document.getElementById(button.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent,
      ).toContain('请上传本人近期免冠照片'),
    );
    expect(button.hasAttribute('aria-required')).toBe(false);
    expect(vi.mocked(submitApply)).not.toHaveBeenCalled();

    // The summary's link goes there again once the focus moved away.
    (screen.getByTestId('enroll-submit') as HTMLElement).focus();
    fireEvent.click(screen.getByTestId('enroll-error-summary-picture'));
    expect(document.activeElement).toBe(button);
  });

  it("lists the fields a server's 400 names and sends the photo restored from the draft", async () => {
    saveDraft({ planId: 7, candidateId: 3 }, filled);
    expect(
      await savePhotoDraft({ planId: 7, candidateId: 3 }, new File([JPEG], 'me.jpg', { type: 'image/jpeg' })),
    ).toBe(true);
    vi.mocked(submitApply).mockRejectedValue(
      new ApiError(400, '参数错误', {
        errors: [{ field: 'major', label: '所学专业', message: '所学专业与学历不符' }],
      }),
    );
    renderForm();
    const preview = screen.getByTestId('photo-preview');
    expect((preview.tagName === 'IMG' ? preview : preview.querySelector('img'))?.getAttribute('src')).toMatch(
      /^data:image\/jpeg;base64,/,
    );
    fireEvent.click(screen.getByTestId('enroll-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const summary = await screen.findByTestId('enroll-error-summary');
    expect(summary.textContent).toContain('所学专业与学历不符');
    expect(summary.querySelectorAll('a')).toHaveLength(1);

    const body = vi.mocked(submitApply).mock.calls[0]![0];
    const photo = body.get('updateImg') as File;
    expect(photo.name).toBe('me.jpg');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(JPEG);
    // The closing dialog does not give the focus back to the submit button: the field keeps it.
    await waitFor(() => expect(document.activeElement).toBe(input('field-major')));
    expect(loadDraft({ planId: 7, candidateId: 3 })?.picture).toBeTruthy(); // kept: not submitted
  });
});
