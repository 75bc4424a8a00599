import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CrudContext } from './crud';

/**
 * The export button of a list (spec §7 "export"; §5 '内容为空，无法下载' for an empty list): asks the
 * area's exportToken call for a single-use link to the xlsx of the list's current filters, then lets
 * the browser download it (the session token never goes into a URL).
 */
export function ExportButton<T>(props: {
  ctx: CrudContext<T>;
  link: (filters: Record<string, unknown>) => Promise<{ url: string }>;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (props.ctx.total() === 0) return void message.warning(t('common.emptyDownload'));
    setBusy(true);
    try {
      const { url } = await props.link(props.ctx.query());
      window.location.assign(url); // an xlsx attachment behind a single-use link
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={props.testId}>
      {t('screen.button.export')}
    </Button>
  );
}
