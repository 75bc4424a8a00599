import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PERMISSIONS,
  type AdmissionResultDetail,
  type AdmissionResultRow,
  type DictItem,
  type PlanOption,
} from '@tegang/domain';
import i18n from '../../i18n';
import { PermissionsProvider } from '../../components/crud';
import AdmissionResultScreen from './admin-screen';
import { resultImportApi } from './admin-api';
import { viewport } from '../../test-viewport';

const ROW: AdmissionResultRow = {
  id: 5,
  planId: 3,
  planYear: '2027',
  planName: '2027年特岗计划',
  enrollId: 11,
  name: '张三',
  idCard: '520102199001011234',
  admissionNumber: '20275201020100101',
  region: '南明区',
  cityCode: '520100',
  countyCode: '520102',
  admissionAcademicSession: '01',
  admissionSubject: '01',
  examTotalScore: '85.5',
  physicalExamination: '***',
  remarks: '无',
  admissionStatus: '1',
  createTime: '2027-08-01T00:00:00.000Z',
  updateTime: '2027-08-01T00:00:00.000Z',
};
const DETAIL: AdmissionResultDetail = {
  ...ROW,
  gender: '1',
  birthday: '1990-01-01',
  nation: '01',
  politicalAffiliation: '01',
  graduateCollege: '贵州师范大学',
  education: '01',
  major: '汉语言文学',
  freshmen: '1',
  isNormal: '1',
  teacherCertification: '1',
  teacherCertificationType: '01',
  address: '贵阳市南明区',
  phone: '13800000000',
  enrollCounty: '南明区',
  academicSession: '01',
  subject: '01',
  reviewResult: '1',
  writeExamScore: '80',
  interviewScore: '91',
  preJobTraining: '1',
  admissionCounty: '南明区',
  admissionCountyCode: '520102',
  officeSchool: '南明区第一小学',
  physicalExaminationVisible: false,
};
const PLANS: PlanOption[] = [{ id: 3, name: '2027年特岗计划', year: '2027', status: '1', smsNotify: true }];

const getResult = vi.fn((_id: number) => Promise.resolve(DETAIL));
vi.mock('./admin-api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./admin-api')>()),
  pageResults: () => Promise.resolve({ records: [ROW], total: 1, current: 1, size: 10 }),
  getResult: (id: number) => getResult(id),
  admissionStatusOptions: () =>
    Promise.resolve([
      { value: '0', label: '未录取' },
      { value: '1', label: '已录取' },
      { value: '2', label: '待定' },
    ]),
  admissionPassOptions: () =>
    Promise.resolve([
      { value: '0', label: '不合格' },
      { value: '1', label: '合格' },
    ]),
}));
vi.mock('../recruit-plan/api', () => ({ listPlanOptions: () => Promise.resolve(PLANS) }));
const item = (value: string, label: string): DictItem => ({
  value,
  label,
  labelEn: label,
  isDefault: 'N',
  sort: 1,
});
const DICTS: Record<string, DictItem[]> = {
  sys_user_sex: [item('1', '男')],
  recruit_learning_period: [item('01', '小学')],
  recruit_subject: [item('01', '语文')],
};
vi.mock('../../api/reference', () => ({
  listDictItems: (type: string) => Promise.resolve(DICTS[type] ?? []),
}));
// The region scope tree of the search's cascader.
vi.stubGlobal(
  'fetch',
  vi.fn(() => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: '', data: [] })))),
);

/** Every key of the area, delete included: the screen still offers no add, edit or delete. */
function mount(permissions: string[] = Object.values(PERMISSIONS.admissionResult)) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <PermissionsProvider permissions={permissions}>
          <AdmissionResultScreen />
        </PermissionsProvider>
      </App>
    </QueryClientProvider>,
  );
}

// The list shows the ID number masked (the detail shows it whole).
const loaded = async () => within(await screen.findByTestId('result')).findByText('520102********1234');

// strings and jsdom's missing browser parts: src/test-setup.ts
beforeAll(() => i18n.changeLanguage('zh'));
afterEach(() => {
  vi.clearAllMocks();
});

describe('admission results screen (read-only)', () => {
  it('says the import needs a plan, and takes the template prefilled with that plan’s ticket holders', async () => {
    viewport(1280);
    mount();
    await loaded();
    const importButton = screen.getByTestId('import-open') as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    fireEvent.mouseEnter(importButton.parentElement!);
    expect(await screen.findByText('请先在搜索条件中选择招聘计划')).toBeTruthy();
    expect(resultImportApi(3).templateUrl).toBe('/candidate/admissionResults/downLoadPlanTemplate?planId=3');
  }, 30_000);

  it.each([
    ['a 1280 px screen', 1280],
    ['a phone', 375],
  ])(
    'lists the results without add, edit or delete on %s',
    async (_label, width) => {
      viewport(width);
      const errors = vi.spyOn(console, 'error');
      mount();
      await loaded();
      const table = screen.getByTestId('result');
      for (const title of [
        '计划年度',
        '姓名',
        '身份证号',
        '地区',
        '录取学段',
        '录取学科',
        '总成绩',
        '体检结果',
        '备注',
        '录取状态',
      ])
        expect(within(table).getAllByText(title).length).toBeGreaterThan(0);
      expect(within(table).getByText('***')).toBeTruthy();
      expect(await within(table).findByText('已录取')).toBeTruthy();
      for (const id of ['result-add', 'result-batch-delete', 'result-edit', 'result-delete'])
        expect(screen.queryByTestId(id)).toBeNull();
      expect(document.querySelector('.ant-table-selection-column')).toBeNull();
      expect(screen.getByTestId('result-view')).toBeTruthy();
      expect(screen.getByTestId('import-open')).toBeTruthy();
      expect(screen.getByTestId('result-export')).toBeTruthy();
      expect(errors.mock.calls.filter((c) => String(c[0]).includes('Error'))).toEqual([]);
      errors.mockRestore();
    },
    30_000,
  );

  it('shows the detail in its two groups, dictionary values as labels, the physical exam masked', async () => {
    viewport(1280);
    mount();
    await loaded();
    fireEvent.click(screen.getByTestId('result-view'));
    const detail = await screen.findByTestId('result-detail');
    expect(await within(detail).findByText('基本信息')).toBeTruthy();
    expect(within(detail).getByText('录取信息')).toBeTruthy();
    expect(getResult).toHaveBeenCalledWith(5);
    expect(await within(detail).findByText('男')).toBeTruthy();
    expect(within(detail).getByText('贵州师范大学')).toBeTruthy();
    expect(within(detail).getByText('南明区第一小学')).toBeTruthy();
    expect(within(detail).getAllByText('合格')).toHaveLength(2); // review result and pre-job training
    const masked = within(detail).getByTestId('result-physical-masked');
    expect(masked.textContent).toContain('***');
    expect(masked.textContent).toContain('查看体检结果需要专门的权限');
    expect(within(detail).queryByTestId('result-physical-clear')).toBeNull();
  }, 30_000);

  it('shows the physical exam in clear when the server says so', async () => {
    getResult.mockResolvedValueOnce({
      ...DETAIL,
      physicalExamination: '合格（视力矫正）',
      physicalExaminationVisible: true,
    });
    viewport(1280);
    mount();
    await loaded();
    fireEvent.click(screen.getByTestId('result-view'));
    const detail = await screen.findByTestId('result-detail');
    expect((await within(detail).findByTestId('result-physical-clear')).textContent).toBe('合格（视力矫正）');
    expect(within(detail).queryByTestId('result-physical-masked')).toBeNull();
  }, 30_000);
});
