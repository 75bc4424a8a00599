import { useState } from 'react';
import { Form, InputNumber, Select } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  PLAN_DATA_STATUS,
  planDataCreateSchema,
  type PlanData,
  type PlanDataQuery,
} from '@tegang/domain';
import {
  createPlanData,
  deletePlanData,
  deletePlanDataMany,
  getPlanData,
  listPlanOptions,
  pagePlanData,
  planDataExportLink,
  planDataStatusOptions,
  togglePlanDataStatus,
  updatePlanData,
  type PlanDataPayload,
} from './api';
import {
  CrudTable,
  RowButton,
  SchemaFormItem,
  useActions,
  useDictEnum,
  useOptionsEnum,
  type CrudConfig,
} from '../../components/crud';
import { DictSelect } from '../../components/dict';
import { type ImportApi } from '../../components/import';
import { ImportExportToolbar } from '../../components/import-export-toolbar';
import {
  RegionCascader,
  regionCodesOfValue,
  regionPathOf,
  useRegionScopeTree,
} from '../../components/region-cascader';

/**
 * Recruit plan data screen (/recruit/recruitPlanData/index; spec §3 "Recruit plan data", §5, §6, §7,
 * §9): the demand rows of plans in the administrator's region, with the active/inactive toggle.
 */

interface PlanDataForm {
  planId?: number;
  region?: string[];
  category?: string;
  learningPeriod?: string;
  subject?: string;
  demandNumber?: number;
}

/** Labels field.<name>; rules from the schema the server validates with. */
const F = { schema: planDataCreateSchema } as const;

const statusBadge = (value: string) => (value === PLAN_DATA_STATUS.active ? 'Success' : 'Default');

/** POST /recruit/recruitPlanData/importExcel?planId= and its template, progress and problems. */
const planDataImportApi = (planId: number): ImportApi => ({
  base: '/recruit/recruitPlanData',
  uploadUrl: `/recruit/recruitPlanData/importExcel?planId=${planId}`,
  templateUrl: '/recruit/recruitPlanData/downLoadExcelTemplate',
});

export default function PlanDataScreen() {
  const { t, i18n } = useTranslation();
  const actions = useActions();
  const [importPlan, setImportPlan] = useState<number | null>(null);
  const { data: regionTree = [] } = useRegionScopeTree();
  const { data: plans = [] } = useQuery({ queryKey: ['recruitPlan', 'options'], queryFn: listPlanOptions });
  const planEnum = new Map(plans.map((p) => [p.id, { text: p.name }]));
  const categories = useDictEnum('recruit_plan_category');
  const periods = useDictEnum('recruit_learning_period');
  const subjects = useDictEnum('recruit_subject');
  const status = useOptionsEnum(
    'planDataStatus',
    async () =>
      (await planDataStatusOptions()).map((o) => ({
        value: o.value,
        label: i18n.language === 'en' && o.labelEn ? o.labelEn : o.label,
      })),
    statusBadge,
  );

  const columns: ProColumns<PlanData>[] = [
    {
      title: t('field.planId'),
      dataIndex: 'planId',
      valueType: 'select',
      valueEnum: planEnum,
      ellipsis: true,
      width: 220,
      render: (_dom, row) => row.planName,
      // The import goes to the plan chosen here.
      fieldProps: { onChange: (value: number | undefined) => setImportPlan(value ?? null) },
    },
    {
      title: t('admin.planData.region'),
      dataIndex: 'countyCode',
      width: 220,
      render: (_dom, row) => row.regionName,
      renderFormItem: () => <RegionCascader data-testid="plan-data-search-region" />,
      search: {
        // The deepest level picked filters: a city alone finds all its counties' rows.
        transform: (value: string[]) => {
          const codes = regionCodesOfValue(regionTree, value);
          return {
            provinceCode: codes.provinceCode || undefined,
            cityCode: codes.cityCode || undefined,
            countyCode: codes.countyCode || undefined,
          };
        },
      },
    },
    {
      title: t('field.category'),
      dataIndex: 'category',
      valueType: 'select',
      valueEnum: categories,
      width: 130,
    },
    {
      title: t('field.learningPeriod'),
      dataIndex: 'learningPeriod',
      valueType: 'select',
      valueEnum: periods,
      width: 100,
    },
    { title: t('field.subject'), dataIndex: 'subject', valueType: 'select', valueEnum: subjects, width: 120 },
    { title: t('field.demandNumber'), dataIndex: 'demandNumber', search: false, width: 100 },
    {
      title: t('field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status.valueEnum,
      width: 90,
    },
  ];

  const toggle = (row: PlanData, reload: () => void) => {
    const action = t(
      row.status === PLAN_DATA_STATUS.active ? 'admin.planData.disable' : 'admin.planData.enable',
    );
    return actions.confirm({
      content: t('admin.planData.statusConfirm', { action }),
      okTestId: 'plan-data-status-ok',
      call: () => togglePlanDataStatus(row.id),
      reload,
    });
  };

  const config: CrudConfig<PlanData, PlanDataForm, PlanDataQuery, PlanDataPayload> = {
    name: t('admin.planData.entity'),
    title: t('admin.planData.title'),
    testId: 'plan-data',
    columns,
    api: {
      page: pagePlanData,
      get: (id) => getPlanData(Number(id)),
      create: createPlanData,
      update: (payload) => updatePlanData(payload as PlanDataPayload & { id: number }),
      remove: (id) => deletePlanData(Number(id)),
      removeMany: (ids) => deletePlanDataMany(ids.map(Number)),
    },
    permissions: {
      add: PERMISSIONS.planData.add,
      edit: PERMISSIONS.planData.edit,
      remove: PERMISSIONS.planData.remove,
    },
    rowLabel: (row) => `${row.planName} ${row.regionName}`,
    toolbar: (ctx) => [
      <ImportExportToolbar
        key="import-export"
        ctx={ctx}
        importer={{
          permission: PERMISSIONS.planData.import,
          name: t('admin.planData.entity'),
          api: importPlan ? planDataImportApi(importPlan) : null,
          disabledTitle: t('admin.compare.choosePlan'),
        }}
        exporter={{
          permission: PERMISSIONS.planData.export,
          link: planDataExportLink,
          testId: 'plan-data-export',
        }}
      />,
    ],
    actionsWidth: 220,
    rowActions: (row, ctx) =>
      ctx.can(PERMISSIONS.planData.status)
        ? [
            <RowButton key="status" testId="plan-data-status" onClick={() => toggle(row, ctx.reload)}>
              {t(row.status === PLAN_DATA_STATUS.active ? 'admin.planData.disable' : 'admin.planData.enable')}
            </RowButton>,
          ]
        : [],
    form: {
      initialValues: ({ record }) =>
        record
          ? {
              planId: record.planId,
              region: regionPathOf(regionTree, record.countyCode),
              category: record.category,
              learningPeriod: record.learningPeriod,
              subject: record.subject,
              demandNumber: record.demandNumber,
            }
          : { demandNumber: 0 },
      toPayload: (values) => ({
        planId: values.planId ?? 0,
        countyCode: regionCodesOfValue(regionTree, values.region).countyCode,
        category: values.category ?? '',
        learningPeriod: values.learningPeriod ?? '',
        subject: values.subject ?? '',
        demandNumber: values.demandNumber ?? 0,
      }),
      fieldName: (field) => (field === 'countyCode' ? 'region' : field),
      fields: (
        <>
          <SchemaFormItem {...F} name="planId" required>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('common.pleaseSelect')}
              options={plans.map((p) => ({ value: p.id, label: p.name }))}
              data-testid="plan-data-plan"
            />
          </SchemaFormItem>
          <Form.Item
            name="region"
            label={t('field.countyCode')}
            required
            rules={[
              {
                validator: (_r, value: string[] | undefined) =>
                  regionCodesOfValue(regionTree, value).countyCode
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error(
                          t(value?.length ? 'planData.county.notCounty' : 'rule.required', {
                            label: t('field.countyCode'),
                          }),
                        ),
                      ),
              },
            ]}
          >
            <RegionCascader data-testid="plan-data-region" />
          </Form.Item>
          <SchemaFormItem {...F} name="category" required>
            <DictSelect type="recruit_plan_category" data-testid="plan-data-category" />
          </SchemaFormItem>
          <SchemaFormItem {...F} name="learningPeriod" required>
            <DictSelect type="recruit_learning_period" data-testid="plan-data-period" />
          </SchemaFormItem>
          <SchemaFormItem {...F} name="subject" required>
            <DictSelect type="recruit_subject" data-testid="plan-data-subject" />
          </SchemaFormItem>
          <SchemaFormItem {...F} name="demandNumber" required>
            <InputNumber
              min={0}
              step={1}
              precision={0}
              style={{ width: '100%' }}
              data-testid="plan-data-demand"
            />
          </SchemaFormItem>
        </>
      ),
    },
  };

  return <CrudTable config={config} />;
}
