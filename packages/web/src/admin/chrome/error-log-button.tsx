import { useState } from 'react';
import { App, Badge, Button, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../api/request';
import { clearErrorLog, useErrorLog, type ErrorLogEntry } from './error-log';

/** Path the local log is uploaded to (POST /admin/errorLog, stored server-side with the uploader). */
export const ERROR_LOG_UPLOAD_PATH = '/admin/errorLog';

/** The error-log badge (count capped at 99, spec §9) and its dialog (spec §2 "Back-office chrome"). */
export function ErrorLogButton({ color }: { color?: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const logs = useErrorLog();
  const [open, setOpen] = useState(false);

  const upload = () =>
    modal.confirm({
      title: t('common.systemTip'),
      content: t('admin.errorLog.uploadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'error-log-upload-ok' },
      onOk: async () => {
        try {
          await http.post(ERROR_LOG_UPLOAD_PATH, logs, { silent: true });
          void message.success(t('admin.errorLog.uploaded'));
        } catch (e) {
          void message.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
        }
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('common.warning'),
      content: t('admin.errorLog.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'error-log-clear-ok' },
      onOk: () => {
        clearErrorLog();
        void message.success(t('admin.errorLog.cleared'));
      },
    });

  return (
    <>
      <Tooltip title={t('admin.bar.errorLog')}>
        <Button
          type="text"
          aria-label={t('admin.bar.errorLog')}
          data-testid="error-log-button"
          onClick={() => setOpen(true)}
          style={{ color: 'inherit' }}
        >
          <Badge count={logs.length} overflowCount={99} size="small" data-testid="error-log-count">
            <BugOutlined style={{ color, fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('admin.errorLog.title')}
        width={Math.min(1000, window.innerWidth - 32)}
        onCancel={() => setOpen(false)}
        footer={
          <Space>
            <Button onClick={clear} disabled={!logs.length} data-testid="error-log-clear">
              {t('admin.errorLog.clear')}
            </Button>
            <Button type="primary" onClick={upload} disabled={!logs.length} data-testid="error-log-upload">
              {t('admin.errorLog.upload')}
            </Button>
          </Space>
        }
      >
        <Table<ErrorLogEntry>
          size="small"
          rowKey={(r) => `${r.time}-${r.message}-${r.stack.length}-${logs.indexOf(r)}`}
          dataSource={logs}
          pagination={{ pageSize: 10, size: 'small' }}
          scroll={{ x: 900 }}
          data-testid="error-log-table"
          columns={[
            { title: t('admin.errorLog.index'), width: 60, render: (_v, _r, i) => i + 1 },
            { title: t('admin.errorLog.type'), dataIndex: 'type', width: 80 },
            {
              title: t('admin.errorLog.url'),
              dataIndex: 'url',
              width: 200,
              render: (v: string) => <Typography.Text ellipsis={{ tooltip: v }}>{v}</Typography.Text>,
            },
            { title: t('admin.errorLog.message'), dataIndex: 'message', width: 220 },
            {
              title: t('admin.errorLog.stack'),
              dataIndex: 'stack',
              render: (v: string) => (
                <Typography.Paragraph
                  ellipsis={{ rows: 3, expandable: true }}
                  style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}
                >
                  {v}
                </Typography.Paragraph>
              ),
            },
            { title: t('admin.errorLog.time'), dataIndex: 'time', width: 160 },
          ]}
        />
      </Modal>
    </>
  );
}
