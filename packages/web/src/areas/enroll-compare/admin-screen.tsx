import { useRef, useState } from 'react';
import { Input, Space, Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ENROLL_COMPARE_SOURCE_MAX,
  formatDateTime,
  PERMISSIONS,
  type EnrollCompareRow,
} from '@tegang/domain';
import { CrudTable, type CrudConfig } from '../../components/crud';
import { ImportExportToolbar } from '../../components/import-export-toolbar';
import { listPlanOptions } from '../recruit-plan/api';
import { compareExportLink, compareImportApi, pageCompare, type CompareFilters } from './api';
import { maskedIdCardCell } from '../../components/id-card-cell';

/**
 * The enrolment comparison screen (/candidate/enrollCompare/index; spec §2 "Enrolment comparison":
 * plan, name, ID card, academic session, subject, data source, error details; import and export):
 * read-only rows of imported external lists, filtered by plan, name, ID number, source and result.
 * The import goes to the plan chosen in the search (the import dialog asks the data source).
 */
export default function EnrollComparePage() {
  const { t } = useTranslation();
  const plans = useQuery({
    queryKey: ['recruitPlan', 'options'],
    queryFn: listPlanOptions,
    staleTime: 60_000,
  });
  const dataSource = useRef('');
  // The plan chosen in the search: the import goes there.
  const [planId, setPlanId] = useState<number | null>(null);
  const planEnum = new Map((plans.data ?? []).map((p) => [String(p.id), { text: `${p.year} · ${p.name}` }]));

  const columns: ProColumns<EnrollCompareRow>[] = [
    {
      title: t('enrollCompare.col.plan'),
      dataIndex: 'planId',
      valueType: 'select',
      valueEnum: planEnum,
      width: 200,
      ellipsis: true,
      render: (_d, row) => row.planName,
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        'data-testid': 'compare-search-plan',
        onChange: (value: string | undefined) => setPlanId(value ? Number(value) : null),
      },
    },
    { title: t('import.col.name'), dataIndex: 'name', width: 100, fieldProps: { maxLength: 30 } },
    {
      title: t('import.col.idCard'),
      dataIndex: 'idCard',
      width: 180,
      fieldProps: { maxLength: 18 },
      render: maskedIdCardCell,
    },
    { title: t('import.col.academicSession'), dataIndex: 'academicSession', search: false, width: 100 },
    { title: t('import.col.enrollSubject'), dataIndex: 'subject', search: false, width: 100 },
    {
      title: t('enrollCompare.col.dataSource'),
      dataIndex: 'dataSource',
      width: 140,
      ellipsis: true,
      fieldProps: { maxLength: ENROLL_COMPARE_SOURCE_MAX },
    },
    {
      title: t('admin.compare.result'),
      dataIndex: 'result',
      hideInTable: true,
      valueType: 'select',
      valueEnum: new Map([
        ['1', { text: t('admin.compare.result.1') }],
        ['0', { text: t('admin.compare.result.0') }],
      ]),
    },
    {
      title: t('enrollCompare.col.errorDetails'),
      dataIndex: 'errorDetails',
      search: false,
      render: (_d, row) =>
        row.errorDetails ? (
          <Typography.Text type="danger" data-testid="compare-error">
            {row.errorDetails}
          </Typography.Text>
        ) : (
          <Tag color="success">{t('admin.compare.match')}</Tag>
        ),
    },
    {
      title: t('enrollCompare.col.createTime'),
      dataIndex: 'createTime',
      search: false,
      width: 160,
      render: (_d, row) => formatDateTime(row.createTime),
    },
  ];

  const config: CrudConfig<EnrollCompareRow, Record<string, never>, CompareFilters> = {
    name: t('admin.compare.entity'),
    title: t('admin.compare.title'),
    testId: 'compare',
    columns,
    api: { page: pageCompare },
    toolbar: (ctx) => [
      <ImportExportToolbar
        key="import-export"
        ctx={ctx}
        importer={{
          permission: PERMISSIONS.enrollCompare.import,
          name: t('admin.compare.entity'),
          api: planId ? compareImportApi(planId) : null,
          disabledTitle: t('admin.compare.choosePlan'),
          extraFields: () => ({ dataSource: dataSource.current }),
          extra: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input
                placeholder={t('admin.compare.dataSource')}
                maxLength={ENROLL_COMPARE_SOURCE_MAX}
                onChange={(e) => (dataSource.current = e.target.value)}
                data-testid="compare-data-source"
              />
              <Typography.Text type="secondary">{t('admin.compare.dataSourceHint')}</Typography.Text>
            </Space>
          ),
        }}
        exporter={{
          permission: PERMISSIONS.enrollCompare.export,
          link: compareExportLink,
          testId: 'compare-export',
        }}
      />,
    ],
  };
  return <CrudTable config={config} />;
}
