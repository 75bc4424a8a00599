import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS, formatDateTime } from '@tegang/domain';
import { enrollAuditHistory, type AuditHistoryEntry } from './admin-api';

/**
 * The audit history of one application in its detail (spec §2 "Enrolment records", audit): every
 * decision, newest first — time, reviewer, result, reason — read from the trail, so a rejection stays
 * on record after the candidate resubmitted and the current reason was cleared. `version` refetches it
 * after a decision. Test id `enroll-audit-history`.
 */
export function AuditHistory(props: { id: number; version: number }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ['enroll', 'auditHistory', props.id, props.version],
    queryFn: () => enrollAuditHistory(props.id),
  });
  return (
    <Table<AuditHistoryEntry>
      data-testid="enroll-audit-history"
      size="small"
      pagination={false}
      loading={history.isLoading}
      rowKey={(row) => `${row.time}-${row.decision}`}
      dataSource={history.data ?? []}
      locale={{ emptyText: t('admin.enroll.historyEmpty') }}
      columns={[
        {
          title: t('admin.enroll.historyTime'),
          dataIndex: 'time',
          width: 150,
          render: (value: string) => formatDateTime(value),
        },
        { title: t('admin.enroll.reviewer'), dataIndex: 'reviewer', width: 100, render: (v) => v || '-' },
        {
          title: t('admin.enroll.result'),
          dataIndex: 'decision',
          width: 90,
          render: (value: string) =>
            value === AUDIT_STATUS.passed || value === AUDIT_STATUS.rejected
              ? t(`status.audit.${value}`)
              : value,
        },
        { title: t('field.auditReason'), dataIndex: 'reason', render: (v) => v || '-' },
      ]}
    />
  );
}
