import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, PLAN_STATUS, type PlanStatus, type RecruitPlan } from '@tegang/domain';
import {
  createPlan,
  deletePlan,
  deletePlans,
  getPlan,
  pagePlans,
  updatePlan,
  updatePlanStatus,
  type PlanPayload,
  type PlanQuery,
} from './api';
import { usePlanData } from './admin-data';
import { PlanFields } from './plan-fields';
import { RANGE_OF_FIELD, planToForm, planToPayload, timelineIssues, type PlanForm } from './plan-form';
import { planRowButtons } from './plan-row-actions';
import { SmsNoticeDialog } from './sms-notice-dialog';
import { RetentionDialog } from './retention-dialog';
import { CrudTable, useActions, type CrudConfig } from '../../components/crud';
import { ProvinceOnly } from '../../components/province-only';

/**
 * Recruit plan screen (/recruit/recruitPlan/index; spec §2 "Recruit plan", §4, §5 "Recruit plan",
 * §7 "Recruit plan") as a CRUD config. Writable by province-level accounts only (docs/security.md
 * "Province-wide objects").
 */

/**
 * The recruit plan screen (see above): columns and detail from admin-data, the form's fields
 * PlanFields, the row buttons planRowButtons; the status change, the SMS notices and the retention
 * dialogs here.
 */
export default function RecruitPlanPage() {
  const { t } = useTranslation();
  const actions = useActions();
  // The plan whose SMS notices are open, and the permission check of the row that opened it.
  const [notices, setNotices] = useState<{ plan: RecruitPlan; can: (key: string) => boolean } | null>(null);
  // The plan whose retention of personal data is open (docs/security.md "Retention").
  const [retention, setRetention] = useState<RecruitPlan | null>(null);
  const { columns, detail, statusLabel } = usePlanData();

  const changeStatus = (row: RecruitPlan, next: PlanStatus, reload: () => void) =>
    actions.confirm({
      content: t('admin.plan.statusConfirm', { name: row.name, status: statusLabel(next) }),
      okTestId: 'plan-status-ok',
      call: () => updatePlanStatus(row.id, next),
      reload,
    });

  const config: CrudConfig<RecruitPlan, PlanForm, Omit<PlanQuery, 'current' | 'size'>> = {
    name: t('admin.plan.entity'),
    title: t('admin.plan.title'),
    testId: 'plan',
    columns,
    api: {
      page: pagePlans,
      get: (id) => getPlan(Number(id)),
      // toPayload below builds the payload; the form rules guarantee its timeline
      create: (payload) => createPlan(payload as PlanPayload),
      update: (payload) => updatePlan(payload as PlanPayload & { id: number }),
      remove: (id) => deletePlan(Number(id)),
      removeMany: (ids) => deletePlans(ids.map(Number)),
    },
    permissions: {
      add: PERMISSIONS.recruitPlan.add,
      edit: PERMISSIONS.recruitPlan.edit,
      remove: PERMISSIONS.recruitPlan.remove,
      detail: PERMISSIONS.recruitPlan.query,
    },
    // spec §2, §4: only unpublished plans (status 0) are selectable and deletable.
    rowSelectable: (row) => row.status === PLAN_STATUS.draft,
    rowRemovable: (row) => row.status === PLAN_STATUS.draft,
    rowLabel: (row) => row.name,
    actionsWidth: 270,
    rowActions: (row, ctx) =>
      planRowButtons(row, ctx, {
        statusLabel,
        onStatus: changeStatus,
        onNotices: (plan, can) => setNotices({ plan, can }),
        onRetention: setRetention,
        t,
      }),
    form: {
      labelWidth: 132,
      initialValues: ({ record }) => (record ? planToForm(record) : {}),
      toPayload: planToPayload,
      // spec §5: the timeline rules of the domain, shown on the range they concern.
      validate: (values) => timelineIssues(values, t),
      fieldName: (field) => RANGE_OF_FIELD.get(field) ?? field,
      fields: <PlanFields />,
    },
    detail,
  };

  const P = PERMISSIONS.recruitPlan;
  return (
    <ProvinceOnly object="recruitPlan" writeKeys={[P.add, P.edit, P.remove, P.status, P.retention]}>
      <CrudTable config={config} />
      <SmsNoticeDialog
        plan={notices?.plan ?? null}
        can={notices?.can ?? (() => false)}
        onClose={() => setNotices(null)}
      />
      <RetentionDialog plan={retention} onClose={() => setRetention(null)} />
    </ProvinceOnly>
  );
}
