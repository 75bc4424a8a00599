import { useCallback } from 'react';
import { Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_STATUS, AUDIT_UNDONE, formatDateTime } from '@tegang/domain';
import { enrollAuditHistory, type AuditHistoryEntry } from './admin-api';

/** The cache key of every audit history (one more part: the enrolment id). */
const HISTORY_KEY = ['enroll', 'auditHistory'] as const;

/**
 * Marks every audit history read so far as stale: an open detail reads its history again at once,
 * the others when they are shown. Called after each decision and each undo, wherever it was made
 * (detail, list row, batch).
 */
export function useRefreshAuditHistory(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: HISTORY_KEY }), [client]);
}

/** The label of a history entry's decision: 审核通过 / 审核不通过 / 撤销通过. */
function decisionLabel(value: string, t: (key: string) => string): string {
  if (value === AUDIT_UNDONE) return t('admin.enroll.historyUndone');
  return value === AUDIT_STATUS.passed || value === AUDIT_STATUS.rejected
    ? t(`status.audit.${value}`)
    : value;
}

/**
 * The audit history of one application in its detail (spec §2 "Enrolment records", audit): every
 * decision, newest first — time, reviewer, result (an undone pass shows as 撤销通过), reason — read
 * from the trail, so a rejection stays on record after the candidate resubmitted and the current
 * reason was cleared. `version` (the enrolment's, which every decision raises) reads it again when
 * the detail shows a newer state; useRefreshAuditHistory does so right after a decision. Test id
 * `enroll-audit-history`.
 */
export function AuditHistory(props: { id: number; version: number }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: [...HISTORY_KEY, props.id, props.version],
    queryFn: () => enrollAuditHistory(props.id),
  });
  return (
    <Table<AuditHistoryEntry>
      data-testid="enroll-audit-history"
      size="small"
      pagination={false}
      loading={history.isFetching}
      rowKey={(row) => `${row.time}-${row.decision}`}
      dataSource={history.data ?? []}
      locale={{
        // antd's placeholder grey is 1.8:1 on white: the secondary text colour reads at 4.5:1 and more
        emptyText: history.isLoading ? (
          ' '
        ) : (
          <Typography.Text type="secondary">{t('admin.enroll.historyEmpty')}</Typography.Text>
        ),
      }}
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
          render: (value: string) => decisionLabel(value, t),
        },
        { title: t('field.auditReason'), dataIndex: 'reason', render: (v) => v || '-' },
      ]}
    />
  );
}
