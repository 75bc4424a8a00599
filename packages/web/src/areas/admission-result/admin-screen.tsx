import { useState } from 'react';
import { Space, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ADMISSION_RESULT_LABELS,
  ADMISSION_STATUS,
  admissionResultQuerySchema,
  ENROLL_DICT_FIELDS,
  isEmpty,
  MASKED,
  maxLengthsOf,
  PERMISSIONS,
  RESULT_ADMISSION_FIELDS,
  RESULT_BASIC_FIELDS,
  type AdmissionResultDetail,
  type AdmissionResultRow,
} from '@tegang/domain';
import {
  admissionPassOptions,
  admissionStatusOptions,
  getResult,
  pageResults,
  resultExportLink,
  resultImportApi,
  type ResultFilters,
} from './admin-api';
import { listPlanOptions } from '../recruit-plan/api';
import { CrudTable, useDictEnum, useOptionsEnum, type CrudConfig } from '../../components/crud';
import { DictText } from '../../components/dict';
import { ImportExportToolbar } from '../../components/import-export-toolbar';
import { useRegionSearchColumn } from '../../components/region-search-column';
import { maskedIdCardCell } from '../../components/id-card-cell';

/**
 * Admission results (/candidate/admissionResults/index; spec §2 "Admission results", §3, §6
 * view-only, §7): a read-only list — no add, edit or delete buttons — with the detail in its
 * two groups (Basic, Admission; dictionary values as labels), import per plan (template
 * downLoadExcelTemplate, progress, problems) and export. The physical examination is masked ('***')
 * in the list; the detail shows it in clear only when the server says physicalExaminationVisible (the
 * holder of PERMISSIONS.admissionResult.physicalExam; each view is logged), else masked with a note.
 */

const R = PERMISSIONS.admissionResult;
const QUERY_MAX = maxLengthsOf(admissionResultQuerySchema);

/** The detail fields whose values are dictionary codes (shown as labels). */
const DICT_OF: Record<string, string> = {
  ...ENROLL_DICT_FIELDS,
  admissionAcademicSession: ENROLL_DICT_FIELDS.academicSession,
  admissionSubject: ENROLL_DICT_FIELDS.subject,
};
/** Pass/fail fields (getAdmissionPass). */
const PASS_FIELDS = new Set(['reviewResult', 'preJobTraining']);

const statusBadge = (value: string) =>
  value === ADMISSION_STATUS.admitted
    ? 'Success'
    : value === ADMISSION_STATUS.pending
      ? 'Processing'
      : 'Default';

const labelKey = (field: string) => ADMISSION_RESULT_LABELS[field] ?? `field.${field}`;

/** A row of the list; its detail (GET {id}) adds the rest of both groups. */
type Row = AdmissionResultRow & Partial<Omit<AdmissionResultDetail, keyof AdmissionResultRow>>;

/** The admission results screen (see above): a read-only CrudTable configuration. */
export default function AdmissionResultScreen() {
  const { t } = useTranslation();
  const regionColumn = useRegionSearchColumn<Row>({
    disabledReasonKey: 'admin.result.regionDisabled',
    testId: 'result-search-region',
    dataIndex: 'county',
  });
  const { data: plans = [] } = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  const status = useOptionsEnum('admissionStatus', admissionStatusOptions, statusBadge);
  const pass = useOptionsEnum('admissionPass', admissionPassOptions);
  const sessions = useDictEnum(ENROLL_DICT_FIELDS.academicSession);
  const subjects = useDictEnum(ENROLL_DICT_FIELDS.subject);
  /** The plan chosen in the search: where an import goes. */
  const [plan, setPlan] = useState<number | null>(null);
  const planEnum = new Map(plans.map((p) => [p.id, { text: `${p.year} · ${p.name}` }]));

  const text = (field: keyof Row, width: number, extra: Partial<ProColumns<Row>> = {}): ProColumns<Row> => ({
    title: t(labelKey(field)),
    dataIndex: field,
    search: false,
    width,
    ...extra,
  });
  const search = (field: keyof typeof QUERY_MAX) => ({
    search: undefined,
    fieldProps: { maxLength: QUERY_MAX[field], 'data-testid': `result-search-${field}` },
  });
  const columns: ProColumns<Row>[] = [
    {
      title: t('field.planId'),
      dataIndex: 'planId',
      hideInTable: true,
      valueType: 'select',
      valueEnum: planEnum,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        onChange: (value: number | undefined) => setPlan(value ?? null),
        'data-testid': 'result-search-plan',
      },
    },
    text('planYear', 90),
    text('name', 100, search('name')),
    text('idCard', 180, { ...search('idCard'), render: maskedIdCardCell }),
    text('admissionNumber', 180, { ...search('admissionNumber'), hideInTable: true }),
    regionColumn,
    text('region', 110),
    text('admissionAcademicSession', 110, { search: undefined, valueType: 'select', valueEnum: sessions }),
    text('admissionSubject', 110, {
      search: undefined,
      valueType: 'select',
      valueEnum: subjects,
      fieldProps: { showSearch: true },
    }),
    text('examTotalScore', 90, { align: 'right' }),
    text('physicalExamination', 110, { render: (_dom, row) => (row.physicalExamination ? MASKED : '-') }),
    text('remarks', 180, { ellipsis: true }),
    text('admissionStatus', 110, {
      search: undefined,
      valueType: 'select',
      valueEnum: status.valueEnum,
      fieldProps: { 'data-testid': 'result-search-status' },
    }),
  ];

  const item = (field: string): ProDescriptionsItemProps<Row> => ({
    title: t(labelKey(field)),
    key: field,
    render: (_dom, row) => {
      const value = row[field as keyof Row] as string | null | undefined;
      if (field === 'physicalExamination') {
        if (isEmpty(value)) return '-';
        return row.physicalExaminationVisible ? (
          <span data-testid="result-physical-clear">{value}</span>
        ) : (
          <Space direction="vertical" size={0} data-testid="result-physical-masked">
            <span>{MASKED}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <LockOutlined /> {t('admin.result.physicalHidden')}
            </Typography.Text>
          </Space>
        );
      }
      if (isEmpty(value)) return '-';
      if (field === 'admissionStatus') return status.valueEnum.get(value!)?.text ?? value;
      if (PASS_FIELDS.has(field)) return pass.valueEnum.get(value!)?.text ?? value;
      const dict = DICT_OF[field];
      return dict ? <DictText type={dict} value={value} /> : value;
    },
  });

  const config: CrudConfig<Row, Record<string, never>, ResultFilters> = {
    name: t('admin.result.entity'),
    title: t('admin.result.title'),
    testId: 'result',
    columns,
    // Read-only (spec §2, §6): no create, update or delete here.
    api: { page: pageResults, get: (id) => getResult(Number(id)) },
    permissions: { detail: R.query },
    rowLabel: (row) => row.name,
    actionsWidth: 90,
    toolbar: (ctx) => [
      <ImportExportToolbar
        key="import-export"
        ctx={ctx}
        importer={{
          permission: R.import,
          name: t('admin.result.entity'),
          api: plan ? resultImportApi(plan) : null,
          disabledTitle: t('admin.result.choosePlan'),
          extra: (
            <Typography.Text type="secondary" data-testid="result-template-prefilled">
              {t('admin.result.templatePrefilled')}
            </Typography.Text>
          ),
        }}
        exporter={{ permission: R.export, link: resultExportLink, testId: 'result-export' }}
      />,
    ],
    detail: {
      width: 760,
      groups: [
        { title: t('admin.result.sectionBasic'), columns: RESULT_BASIC_FIELDS.map(item) },
        { title: t('admin.result.sectionAdmission'), columns: RESULT_ADMISSION_FIELDS.map(item) },
      ],
    },
  };

  return <CrudTable config={config} />;
}
