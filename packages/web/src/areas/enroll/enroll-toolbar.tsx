import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { CheckOutlined, CloseOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS, PERMISSIONS } from '@tegang/domain';
import { enrollExportLink, GENERATE_APPLY_MAX } from './admin-api';
import type { EnrollRow } from './admin-data';
import type { EnrollActions } from './use-enroll-actions';
import { RowButton, type CrudContext } from '../../components/crud';
import { DisabledReason } from '../../components/disabled-reason';
import { ImportExportToolbar } from '../../components/import-export-toolbar';

type TFunction = ReturnType<typeof useTranslation>['t'];

const E = PERMISSIONS.enroll;

/**
 * The enrolment records toolbar (spec §2 "Enrolment records"), each item behind its
 * PERMISSIONS.enroll key: 批量通过 and 批量驳回 of the selected rows (audit), 重新生成报名表 of up to
 * GENERATE_APPLY_MAX selected rows (greyed with the reason otherwise), and export.
 */
export function EnrollToolbar(props: { ctx: CrudContext<EnrollRow>; actions: EnrollActions }) {
  const { ctx, actions } = props;
  const { t } = useTranslation();
  const count = ctx.selectedRows.length;
  const generateRefused = !count
    ? t('admin.enroll.selectFirst')
    : count > GENERATE_APPLY_MAX
      ? t('admin.enroll.generateTooMany', { max: GENERATE_APPLY_MAX })
      : null;
  return (
    <Space size={8} wrap>
      {ctx.can(E.audit) && (
        <>
          <Button
            icon={<CheckOutlined />}
            disabled={!count}
            data-testid="enroll-batch-pass"
            onClick={() =>
              actions.pass(ctx.selectedRows, t('admin.enroll.passManyConfirm', { count }), ctx.reload)
            }
          >
            {t('admin.enroll.batchPass')}
          </Button>
          <Button
            danger
            icon={<CloseOutlined />}
            disabled={!count}
            data-testid="enroll-batch-reject"
            onClick={() =>
              actions.reject(ctx.selectedRows, t('admin.enroll.rejectManyTitle', { count }), ctx.reload)
            }
          >
            {t('admin.enroll.batchReject')}
          </Button>
        </>
      )}
      {ctx.can(E.generate) && (
        <DisabledReason testId="enroll-generate-reason" reason={generateRefused}>
          <Button
            icon={<FilePdfOutlined />}
            disabled={!!generateRefused}
            data-testid="enroll-generate"
            onClick={() => actions.generate(ctx.selectedRows, ctx.reload)}
          >
            {t('admin.enroll.generate')}
          </Button>
        </DisabledReason>
      )}
      <ImportExportToolbar
        ctx={ctx}
        exporter={{ permission: E.export, link: enrollExportLink, testId: 'enroll-export' }}
      />
    </Space>
  );
}

/** A row's own buttons (audit holders): 通过 (off once passed) and 驳回 (off once rejected). */
export function enrollRowButtons(
  row: EnrollRow,
  ctx: CrudContext<EnrollRow>,
  actions: EnrollActions,
  t: TFunction,
): ReactNode[] {
  if (!ctx.can(E.audit)) return [];
  return [
    <RowButton
      key="pass"
      testId={`enroll-pass-${row.id}`}
      disabled={row.auditStatus === AUDIT_STATUS.passed}
      onClick={() => actions.pass([row], t('admin.enroll.passConfirm', { name: row.name }), ctx.reload)}
    >
      {t('admin.enroll.pass')}
    </RowButton>,
    <RowButton
      key="reject"
      danger
      testId={`enroll-reject-${row.id}`}
      disabled={row.auditStatus === AUDIT_STATUS.rejected}
      onClick={() => actions.reject([row], t('admin.enroll.rejectTitle', { name: row.name }), ctx.reload)}
    >
      {t('admin.enroll.reject')}
    </RowButton>,
  ];
}
