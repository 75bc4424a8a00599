import { Space, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@tegang/domain';
import { forceLogout, listOnline, type OnlineUser } from '../../system/api';
import { CrudTable, RowButton, useActions, type CrudConfig } from '../../../components/crud';
import { pageOfList, timeText } from '../../system/shared';

/** Online users (/monitor/online/index): the live console sessions and force logout. */
export default function OnlinePage() {
  const { t } = useTranslation();
  const actions = useActions();

  const kick = (row: OnlineUser, reload: () => void) =>
    actions.confirm({
      content: t('mon.online.forceConfirm', { name: row.userName }),
      danger: true,
      okTestId: 'online-kick-ok',
      call: () => forceLogout(row.sessionId),
      successKey: 'mon.online.done',
      reload,
    });

  const columns: ProColumns<OnlineUser>[] = [
    { title: t('mon.online.sessionId'), dataIndex: 'sessionId', search: false, width: 100 },
    {
      title: t('field.userName'),
      dataIndex: 'userName',
      width: 160,
      render: (_dom, row) => (
        <Space size={4}>
          {row.userName}
          {row.current && <Tag color="green">{t('mon.online.current')}</Tag>}
          {row.locked && <Tag>{t('mon.online.locked')}</Tag>}
        </Space>
      ),
    },
    { title: t('field.nickName'), dataIndex: 'nickName', search: false, width: 120, ellipsis: true },
    { title: t('mon.operlog.ip'), dataIndex: 'ip', width: 140 },
    { title: t('mon.loginlog.userAgent'), dataIndex: 'userAgent', search: false, width: 260, ellipsis: true },
    {
      title: t('mon.online.loginTime'),
      dataIndex: 'loginTime',
      search: false,
      width: 170,
      render: (_dom, row) => timeText(row.loginTime),
    },
    {
      title: t('mon.online.expiresAt'),
      dataIndex: 'expiresAt',
      search: false,
      width: 170,
      render: (_dom, row) => timeText(row.expiresAt),
    },
  ];

  const config: CrudConfig<OnlineUser, Record<string, never>, { userName?: string; ip?: string }> = {
    name: t('mon.online.entity'),
    title: t('mon.online.title'),
    testId: 'online',
    rowKey: 'sessionId',
    columns,
    api: {
      page: async ({ current, size, userName, ip }) =>
        pageOfList(await listOnline({ userName, ip }), current, size),
    },
    actionsWidth: 100,
    rowActions: (row, ctx) =>
      ctx.can(PERMISSIONS.online.forceLogout) && !row.current
        ? [
            <RowButton key="kick" danger testId="online-kick" onClick={() => kick(row, ctx.reload)}>
              {t('mon.online.forceLogout')}
            </RowButton>,
          ]
        : [],
  };
  return <CrudTable config={config} />;
}
