import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@tegang/domain';
import { cleanLoginLogs, deleteLoginLogs, pageLoginLogs, type LoginLog } from '../../system/api';
import { CrudTable, type CrudConfig } from '../../../components/crud';
import { timeText } from '../../system/shared';
import { cleanToolbar, RetentionTitle } from '../clean-button';

/** Login log (/monitor/loginlog/index): search, delete, clean. */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const kinds = new Map([
    ['admin', { text: t('mon.kind.admin') }],
    ['candidate', { text: t('mon.kind.candidate') }],
  ]);
  const results = new Map([
    ['success', { text: t('mon.status.ok'), status: 'Success' }],
    ['fail', { text: t('mon.status.fail'), status: 'Error' }],
  ]);

  const columns: ProColumns<LoginLog>[] = [
    { title: t('field.userName'), dataIndex: 'userName', width: 140, ellipsis: true },
    { title: t('mon.loginlog.kind'), dataIndex: 'kind', valueType: 'select', valueEnum: kinds, width: 100 },
    { title: t('mon.operlog.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('mon.loginlog.result'),
      dataIndex: 'result',
      valueType: 'select',
      valueEnum: results,
      width: 90,
    },
    { title: t('mon.loginlog.msg'), dataIndex: 'msg', search: false, width: 200, ellipsis: true },
    { title: t('mon.loginlog.userAgent'), dataIndex: 'userAgent', search: false, width: 260, ellipsis: true },
    {
      title: t('mon.loginlog.time'),
      dataIndex: 'createTime',
      search: false,
      width: 170,
      render: (_dom, row) => timeText(row.createTime),
    },
  ];

  const config: CrudConfig<LoginLog> = {
    name: t('mon.loginlog.entity'),
    title: <RetentionTitle title={t('mon.loginlog.title')} testId="loginlog" />,
    testId: 'loginlog',
    columns,
    api: { page: pageLoginLogs, removeMany: deleteLoginLogs },
    permissions: { remove: PERMISSIONS.loginLog.remove },
    toolbar: cleanToolbar(PERMISSIONS.loginLog.remove, t('mon.loginlog.entity'), cleanLoginLogs, 'loginlog'),
  };
  return <CrudTable config={config} />;
}
