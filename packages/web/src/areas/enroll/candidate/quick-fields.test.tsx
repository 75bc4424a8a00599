import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { DictItem, RegionNode } from '@tegang/domain';
import { viewport } from '../../../test-viewport';
import { submitApply } from '../api';
import { EnrollForm } from './enroll-form';
import { EnrollCascade } from './enroll-cascade';
import { saveDraft } from './enroll-draft';
import { GraduationMonth, monthValue } from './quick-fields';

/** A first-timer's form in under 2 minutes: prefill from the ID number, radios, one-option choices, month. */
vi.mock('../../../candidate/state', () => ({
  useCandidate: () => ({
    // 520102 = 贵州省贵阳市南明区, born 1990-01-01, sequence 001 (odd: male)
    userInfo: { id: 3, realName: '王小明', idCard: '520102199001010018', telephone: '13900000001' },
    limitBirth: null,
    refresh: () => Promise.resolve(),
  }),
}));
const item = (value: string, label: string): DictItem =>
  ({ value, label, labelEn: null, isDefault: 'N', sort: Number(value) }) as DictItem;
const DICTS: Record<string, DictItem[]> = {
  sys_user_sex: [item('1', '男'), item('2', '女')],
  sys_yes_no: [item('1', '是'), item('0', '否')],
  recruit_freshmen_type: [item('1', '应届毕业生'), item('2', '往届毕业生')],
  recruit_teacher_certification: [item('1', '已取得'), item('2', '未取得'), item('3', '认定中')],
  sys_marital_status: ['未婚', '已婚', '初婚', '再婚'].map((l, i) => item(String(i + 1), l)),
};
const TREE: RegionNode[] = [
  {
    code: '520000',
    name: '贵州省',
    level: 1,
    children: [
      {
        code: '520100',
        name: '贵阳市',
        level: 2,
        children: [
          { code: '520102', name: '南明区', level: 3 },
          { code: '520103', name: '云岩区', level: 3 },
        ],
      },
    ],
  },
];
vi.mock('../../../api/reference', () => ({
  listDictItems: (type: string) => Promise.resolve(DICTS[type] ?? []),
  regionTree: () => Promise.resolve(TREE),
}));
vi.mock('../api', async (actual) => ({
  ...(await actual<typeof import('../api')>()),
  submitApply: vi.fn(),
  getCategoriesByEducation: () => Promise.resolve([{ value: '01', label: '普通岗位', labelEn: null }]),
  getRegionsByCategory: () =>
    Promise.resolve([
      { code: '520100', name: '贵阳市', level: 2, children: [{ code: '520102', name: '南明区', level: 3 }] },
    ]),
  getLearningPeriodsByRegion: () =>
    Promise.resolve([
      { value: '02', label: '小学', labelEn: null },
      { value: '03', label: '初中', labelEn: null },
    ]),
  getSubjectsByLearningPeriod: () => Promise.resolve([]),
}));

const owner = { planId: 7, candidateId: 3 };
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderForm() {
  const router = createMemoryRouter(
    [{ path: '/web/enroll', element: <EnrollForm planId={7} onSaved={() => {}} /> }],
    { initialEntries: ['/web/enroll'] },
  );
  render(
    <QueryClientProvider client={client()}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

/** The text an antd select or cascader shows for the field `id`. */
const shown = (id: string) =>
  document.getElementById(id)?.closest('.ant-select')?.querySelector('.ant-select-selection-item')
    ?.textContent ?? '';

describe('EnrollForm for a first-timer', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.mocked(submitApply).mockReset();
    viewport(1280);
  });

  it('derives birth date and gender and preselects the domicile from the ID number', async () => {
    renderForm();
    expect((screen.getByTestId('derived-birthday') as HTMLInputElement).value).toBe('1990-01-01');
    await waitFor(() => expect((screen.getByTestId('derived-gender') as HTMLInputElement).value).toBe('男'));
    await waitFor(() => expect(shown('domicile')).toBe('贵州省 / 贵阳市 / 南明区'));
    expect(screen.getByText('已按身份证号预选，如有不同请重新选择')).toBeTruthy();
  });

  it('keeps a domicile the candidate chose (a restored draft)', async () => {
    saveDraft(owner, { domicile: '贵州省贵阳市云岩区' });
    renderForm();
    await waitFor(() => expect(shown('domicile')).toBe('贵州省 / 贵阳市 / 云岩区'));
    await new Promise((r) => setTimeout(r, 100)); // the tree has come: no prefill replaces it
    expect(shown('domicile')).toBe('贵州省 / 贵阳市 / 云岩区');
    expect(screen.queryByText('已按身份证号预选，如有不同请重新选择')).toBeNull();
  });

  it('shows two- and three-option questions as radio buttons that set the same values', async () => {
    saveDraft(owner, { domicile: '贵州贵阳' }); // typed by hand in an older form: shown as it is
    renderForm();
    // The select shows while the dictionary loads, then the radios.
    await waitFor(() =>
      expect(within(screen.getByTestId('field-veteran')).getAllByRole('radio')).toHaveLength(2),
    );
    const veteran = screen.getByTestId('field-veteran');
    expect(veteran.getAttribute('role')).toBe('radiogroup');
    expect(veteran.getAttribute('aria-label')).toBe('是否退役军人');
    await waitFor(() =>
      expect(within(screen.getByTestId('field-teacherCertification')).getAllByRole('radio')).toHaveLength(3),
    );
    const cert = screen.getByTestId('field-teacherCertification');
    expect(
      within(cert)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['已取得', '未取得', '认定中']);
    for (const field of ['isNormal', 'freshmen', 'isAdjust', 'priorityCondition'])
      expect(within(screen.getByTestId(`field-${field}`)).getAllByRole('radio')).toHaveLength(2);
    // Four or more options stay a dropdown.
    expect(document.getElementById('maritalStatus')?.closest('.ant-select')).toBeTruthy();
    expect(shown('domicile')).toBe('贵州贵阳');

    fireEvent.click(within(veteran).getByLabelText('否'));
    fireEvent.click(within(cert).getByLabelText('认定中'));
    fireEvent.click(screen.getByTestId('enroll-submit'));
    await screen.findByTestId('enroll-error-summary'); // the rest is empty: not sent
    const summary = screen.getByTestId('enroll-error-summary').textContent ?? '';
    expect(summary).not.toContain('是否退役军人');
    expect(summary).not.toContain('户籍所在地');
    await waitFor(() => {
      const checked = veteran.querySelector('input:checked') as HTMLInputElement | null;
      expect(checked?.value).toBe('0');
    });
    // The condition on the certificate still applies to the radio's value.
    expect(screen.queryByTestId('field-teacherCertificationType')).toBeNull();
    fireEvent.click(within(cert).getByLabelText('已取得'));
    await screen.findByTestId('field-teacherCertificationType');
  });
});

describe('the enrolment choice', () => {
  it('takes a single option by itself (报考计划类别, a county alone) and leaves a choice of two', async () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Harness() {
      [form] = Form.useForm();
      const values = {
        education: '3',
        planType: Form.useWatch('planType', form) as string | undefined,
        enrollCounty: Form.useWatch('enrollCounty', form) as string[] | undefined,
        academicSession: Form.useWatch('academicSession', form) as string | undefined,
      };
      return (
        <Form form={form} initialValues={{ education: '3' }}>
          <Form.Item name="education" hidden>
            <input />
          </Form.Item>
          <EnrollCascade planId={1} values={values} wrap={(key, node) => <div key={key}>{node}</div>} />
        </Form>
      );
    }
    render(
      <QueryClientProvider client={client()}>
        <Harness />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(form.getFieldValue('planType')).toBe('01'));
    await waitFor(() => expect(form.getFieldValue('enrollCounty')).toEqual(['520100', '520102']));
    await new Promise((r) => setTimeout(r, 100));
    expect(form.getFieldValue('academicSession')).toBeUndefined(); // 小学 or 初中: the candidate's
    expect(shown('planType')).toBe('普通岗位');
  });
});

describe('the graduation month', () => {
  afterEach(() => viewport(1280));

  function mountMonth(initial?: Dayjs) {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Harness() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ graduationDate: initial }}>
          <Form.Item name="graduationDate">
            <GraduationMonth data-testid="field-graduationDate" />
          </Form.Item>
        </Form>
      );
    }
    render(<Harness />);
    return () => form.getFieldValue('graduationDate') as Dayjs | undefined;
  }

  it("is the phone's own month input at 375 px, sent as a date as before", () => {
    viewport(375);
    const value = mountMonth();
    const input = screen.getByTestId('field-graduationDate') as HTMLInputElement;
    expect(input.type).toBe('month');
    expect(input.id).toBe('graduationDate');
    expect(input.max).toBe(dayjs().add(2, 'year').format('YYYY-MM'));
    act(() => {
      fireEvent.change(input, { target: { value: '2019-07' } });
    });
    expect(value()?.format('YYYY-MM-DD')).toBe('2019-07-01');
    act(() => {
      fireEvent.change(input, { target: { value: '' } });
    });
    expect(value()).toBeUndefined();
  });

  it('keeps the stored day when the month is not changed', () => {
    viewport(375);
    const value = mountMonth(dayjs('2024-06-30'));
    const input = screen.getByTestId('field-graduationDate') as HTMLInputElement;
    expect(input.value).toBe('2024-06');
    expect(monthValue('2024-06', dayjs('2024-06-30'))?.format('YYYY-MM-DD')).toBe('2024-06-30');
    expect(monthValue('2024-07', dayjs('2024-06-30'))?.format('YYYY-MM-DD')).toBe('2024-07-01');
    expect(value()?.format('YYYY-MM-DD')).toBe('2024-06-30');
  });

  it("is antd's month panel on a wide screen", () => {
    viewport(1280);
    mountMonth(dayjs('2024-06-30'));
    const input = document.getElementById('graduationDate') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('2024-06');
  });
});
