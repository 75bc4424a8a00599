import { useState } from 'react';
import { ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { checkPhone, isEmpty, PERMISSIONS, PHONE_LENGTH } from '@tegang/domain';
import {
  deleteEnroll,
  deleteEnrolls,
  getEnroll,
  pageEnrolls,
  updateEnrollPhone,
  type EnrollFilters,
} from './admin-api';
import { useEnrollData, type EnrollRow } from './admin-data';
import { AuditDetailFooter } from './audit-detail-footer';
import { AuditRejectDialog } from './audit-reject-dialog';
import { EnrollToolbar, enrollRowButtons } from './enroll-toolbar';
import { useEnrollActions } from './use-enroll-actions';
import { SmsNoticeOffAlert } from '../recruit-plan/sms-notice-off';
import { CrudTable, type CrudConfig } from '../../components/crud';
import { forgetScreenStates } from '../../components/crud/screen-state';
import { ruleOf } from '../../components/rules';
import { tabsStore } from '../../admin/chrome/tabs-store';

/** The screen's route: its filters, page and size are kept under it while its console tab is open. */
const STATE_KEY = '/candidate/enroll/index';
/** Page sizes of the reviewer's list (a batch of up to 100 to pass at once). */
const PAGE_SIZE_CHOICES = [10, 20, 50, 100] as const;
// closing the tab (or logging out, which resets the tabs) forgets the kept filters
tabsStore.subscribe(() => forgetScreenStates((key) => key !== STATE_KEY || tabsStore.get().includes(key)));

/**
 * Enrolment records (/candidate/enroll/index; spec §2 "Enrolment records", §5 "Enrolment edit", §6
 * region narrowing, §7 "Enrolment"): read-only except the phone; detail in the two form groups;
 * delete, batch delete and export.
 */

/** spec §5 "Enrolment edit": phone required ('请输入手机号'), then the phone rules of the domain. */
const phoneRule = ruleOf((value) => (isEmpty(value) ? 'enroll.phone.required' : checkPhone(value)));

/**
 * The enrolment records screen (see above): columns and detail groups from admin-data, the audit
 * and generate actions from useEnrollActions, the toolbar EnrollToolbar, the phone edit form here.
 */
export default function EnrollPage() {
  const { t } = useTranslation();
  const { columns, groups } = useEnrollData();
  const actions = useEnrollActions();
  const { rejecting } = actions;
  const [viewedPlan, setViewedPlan] = useState<number | null>(null);

  const config: CrudConfig<EnrollRow, { phone: string }, EnrollFilters, { id: number; phone: string }> = {
    name: t('admin.enroll.entity'),
    title: t('admin.enroll.title'),
    testId: 'enroll',
    stateKey: STATE_KEY,
    pageSizes: PAGE_SIZE_CHOICES,
    columns,
    api: {
      page: (query) => {
        // The plan filter decides which plan's SMS warning shows above the table.
        setViewedPlan(query.planId ? Number(query.planId) : null);
        return pageEnrolls(query);
      },
      get: (id) => getEnroll(Number(id)),
      update: (payload: { id: number; phone: string }) => updateEnrollPhone(payload),
      remove: (id) => deleteEnroll(Number(id)),
      removeMany: (ids) => deleteEnrolls(ids.map(Number)),
    },
    permissions: {
      edit: PERMISSIONS.enroll.edit,
      remove: PERMISSIONS.enroll.remove,
      detail: PERMISSIONS.enroll.query,
    },
    rowLabel: (row) => row.name,
    editLabel: t('admin.enroll.editPhone'),
    actionsWidth: 260,
    selectable: (can) => can(PERMISSIONS.enroll.audit) || can(PERMISSIONS.enroll.generate),
    toolbar: (ctx) => [<EnrollToolbar key="toolbar" ctx={ctx} actions={actions} />],
    rowActions: (row, ctx) => enrollRowButtons(row, ctx, actions, t),
    form: {
      loadRecord: false,
      labelWidth: 96,
      title: ({ record }) => t('admin.enroll.editPhoneTitle', { name: record?.name ?? '' }),
      initialValues: ({ record }) => ({ phone: record?.phone ?? '' }),
      toPayload: (values, { record }) => ({ id: record!.id, phone: values.phone.trim() }),
      fields: (
        <ProFormText
          name="phone"
          label={t('field.phone')}
          required
          rules={[phoneRule]}
          fieldProps={{ maxLength: PHONE_LENGTH, inputMode: 'numeric', 'data-testid': 'enroll-phone-input' }}
        />
      ),
    },
    detail: {
      width: 760,
      footer: (dctx) =>
        dctx.can(PERMISSIONS.enroll.audit) ? (
          <AuditDetailFooter<EnrollRow>
            ctx={dctx}
            onReject={(row, decided) =>
              actions.reject([row], t('admin.enroll.rejectTitle', { name: row.name }), dctx.reload, decided)
            }
          />
        ) : null,
      groups,
    },
  };

  return (
    <>
      <SmsNoticeOffAlert planId={viewedPlan} />
      <CrudTable config={config} />
      <AuditRejectDialog
        target={rejecting}
        onClose={actions.closeReject}
        onDone={() => rejecting?.reload()}
        onDecided={() => rejecting?.decided?.()}
      />
    </>
  );
}
