import { Typography } from 'antd';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@tegang/domain';
import {
  cleanOperLogs,
  deleteOperLogs,
  getOperLog,
  operLogBusinessTypes,
  pageOperLogs,
  type OperLog,
} from '../../system/api';
import { CrudTable, useOptionsEnum, type CrudConfig } from '../../../components/crud';
import { timeText } from '../../system/shared';
import { cleanToolbar, RetentionTitle } from '../clean-button';

/** Operation log (/monitor/operlog/index; spec §7 "Operation log"): search, detail, delete, clean. */
export default function OperLogPage() {
  const { t } = useTranslation();
  const types = useOptionsEnum('operLogBusinessType', operLogBusinessTypes);
  const status = new Map([
    ['0', { text: t('mon.status.ok'), status: 'Success' }],
    ['1', { text: t('mon.status.fail'), status: 'Error' }],
  ]);

  const columns: ProColumns<OperLog>[] = [
    { title: t('mon.operlog.module'), dataIndex: 'module', width: 150, ellipsis: true },
    {
      title: t('mon.operlog.businessType'),
      dataIndex: 'businessType',
      valueType: 'select',
      valueEnum: types.valueEnum,
      width: 100,
    },
    { title: t('mon.operlog.method'), dataIndex: 'method', search: false, width: 90 },
    { title: t('mon.operlog.url'), dataIndex: 'url', search: false, width: 240, ellipsis: true },
    { title: t('mon.operlog.operator'), dataIndex: 'operatorName', width: 120, ellipsis: true },
    { title: t('mon.operlog.ip'), dataIndex: 'ip', search: false, width: 130 },
    {
      title: t('field.status'),
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: status,
      width: 90,
      render: (_dom, row) => status.get(String(row.status))?.text ?? row.status,
    },
    { title: t('mon.operlog.costMs'), dataIndex: 'costMs', search: false, width: 110, align: 'right' },
    {
      title: t('mon.operlog.time'),
      dataIndex: 'createTime',
      search: false,
      width: 170,
      render: (_dom, row) => timeText(row.createTime),
    },
  ];

  const item = (
    title: string,
    render: (row: OperLog) => React.ReactNode,
    span = 1,
  ): ProDescriptionsItemProps<OperLog> => ({ title, span, render: (_dom, row) => render(row) });
  const pre = (text: string | null | undefined) =>
    text ? (
      <Typography.Paragraph
        copyable
        style={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          marginBottom: 0,
          maxHeight: 240,
          overflow: 'auto',
        }}
      >
        {text}
      </Typography.Paragraph>
    ) : (
      '-'
    );

  const config: CrudConfig<OperLog> = {
    name: t('mon.operlog.entity'),
    title: <RetentionTitle title={t('mon.operlog.title')} testId="operlog" />,
    testId: 'operlog',
    columns,
    api: { page: pageOperLogs, get: getOperLog, removeMany: deleteOperLogs },
    permissions: { remove: PERMISSIONS.operLog.remove, detail: PERMISSIONS.operLog.query },
    actionsWidth: 90,
    toolbar: cleanToolbar(PERMISSIONS.operLog.remove, t('mon.operlog.entity'), cleanOperLogs, 'operlog'),
    detail: {
      width: 760,
      groups: [
        {
          title: null,
          columns: [
            item(t('mon.operlog.module'), (r) => r.module || '-'),
            item(t('mon.operlog.businessType'), (r) => r.businessTypeLabel ?? r.businessType),
            item(t('mon.operlog.operator'), (r) => r.operatorName || '-'),
            item(t('mon.operlog.ip'), (r) => r.ip || '-'),
            item(t('mon.operlog.method'), (r) => r.method),
            item(t('field.status'), (r) => status.get(String(r.status))?.text ?? r.status),
            item(t('mon.operlog.url'), (r) => r.url, 2),
            item(t('mon.operlog.costMs'), (r) => r.costMs),
            item(t('mon.operlog.time'), (r) => timeText(r.createTime)),
            item(t('mon.operlog.params'), (r) => pre(r.params), 2),
            item(t('mon.operlog.errorMsg'), (r) => pre(r.errorMsg), 2),
          ],
        },
      ],
    },
  };
  return <CrudTable config={config} />;
}
