import { App, Button, Space, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@tegang/domain';
import { forceLogout, listOnline, type OnlineUser } from '../../../api/system';
import { ACTION_STYLE, CrudTable, type CrudConfig } from '../../../components/crud';
import { pageOfTree, timeText } from '../system/shared';
import '../system/strings';

/** Online users (/monitor/online/index): the live console sessions and force logout. */
export default function OnlinePage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();

  const kick = (row: OnlineUser, reload: () => void) =>
    modal.confirm({
      title: t('common.warning'),
      content: t('mon.online.forceConfirm', { name: row.userName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'online-kick-ok' },
      onOk: async () => {
        try {
          const res = await forceLogout(row.sessionId);
          message.success(res.msg || t('mon.online.done'));
          reload();
        } catch {
          // shown by the request client
        }
      },
    });

  const columns: ProColumns<OnlineUser>[] = [
    { title: t('mon.online.sessionId'), dataIndex: 'sessionId', search: false, width: 100 },
    {
      title: t('mon.loginlog.userName'),
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
    { title: t('mon.online.nickName'), dataIndex: 'nickName', search: false, width: 120, ellipsis: true },
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
        pageOfTree(await listOnline({ userName, ip }), current, size),
    },
    actionsWidth: 100,
    rowActions: (row, ctx) =>
      ctx.can(PERMISSIONS.online.forceLogout) && !row.current
        ? [
            <Button
              key="kick"
              type="link"
              size="small"
              danger
              style={ACTION_STYLE}
              data-testid="online-kick"
              onClick={() => kick(row, ctx.reload)}
            >
              {t('mon.online.forceLogout')}
            </Button>,
          ]
        : [],
  };
  return <CrudTable config={config} />;
}
