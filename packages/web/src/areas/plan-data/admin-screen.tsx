import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, PLAN_DATA_STATUS, type PlanData, type PlanDataQuery } from '@tegang/domain';
import {
  createPlanData,
  deletePlanData,
  deletePlanDataMany,
  getPlanData,
  listPlanOptions,
  pagePlanData,
  planDataExportLink,
  togglePlanDataStatus,
  updatePlanData,
  type PlanDataPayload,
} from './api';
import { PlanDataFields, usePlanDataColumns } from './admin-data';
import { CrudTable, RowButton, useActions, type CrudConfig } from '../../components/crud';
import { type ImportApi } from '../../components/import';
import { ImportExportToolbar } from '../../components/import-export-toolbar';
import { regionCodesOfValue, regionPathOf, useRegionScopeTree } from '../../components/region-cascader';

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

/** POST /recruit/recruitPlanData/importExcel?planId= and its template, progress and problems. */
const planDataImportApi = (planId: number): ImportApi => ({
  base: '/recruit/recruitPlanData',
  uploadUrl: `/recruit/recruitPlanData/importExcel?planId=${planId}`,
  templateUrl: '/recruit/recruitPlanData/downLoadExcelTemplate',
});

/** The plan data screen (see above): columns and form fields from admin-data, the status toggle here. */
export default function PlanDataScreen() {
  const { t } = useTranslation();
  const actions = useActions();
  const [importPlan, setImportPlan] = useState<number | null>(null);
  const { data: regionTree = [] } = useRegionScopeTree();
  const { data: plans = [] } = useQuery({ queryKey: ['recruitPlan', 'options'], queryFn: listPlanOptions });
  const columns = usePlanDataColumns({ plans, regionTree, onPlan: setImportPlan });

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
      fields: <PlanDataFields plans={plans} regionTree={regionTree} />,
    },
  };

  return <CrudTable config={config} />;
}
