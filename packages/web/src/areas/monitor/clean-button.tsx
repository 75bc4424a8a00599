import { Button, Space, Tooltip } from 'antd';
import { ClearOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useActions, type CrudContext, type Envelope } from '../../components/crud';

/**
 * Empties a log of its entries past the retention after a confirm that says so (DELETE …/clean;
 * docs/security.md "Trails"); the toast is the server's message with the count removed.
 */
export function CleanButton({
  name,
  clean,
  reload,
  testId,
}: {
  name: string;
  clean: () => Promise<Envelope>;
  reload: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  return (
    <Tooltip title={t('mon.retention.rule')}>
      <Button
        danger
        icon={<ClearOutlined />}
        data-testid={`${testId}-clean`}
        onClick={() =>
          actions.confirm({
            content: t('mon.cleanConfirm', { name }),
            danger: true,
            okTestId: `${testId}-clean-ok`,
            call: clean,
            successKey: 'mon.cleaned',
            reload,
          })
        }
      >
        {t('mon.clean')}
      </Button>
    </Tooltip>
  );
}

/**
 * A log screen's title with the removal rule beside it (docs/security.md "Trails": entries are deleted
 * only past the retention, every removal is trailed). Test id `${testId}-retention`.
 */
export function RetentionTitle({ title, testId }: { title: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space size={6}>
      {title}
      <Tooltip title={t('mon.retention.rule')}>
        <InfoCircleOutlined data-testid={`${testId}-retention`} aria-label={t('mon.retention.rule')} />
      </Tooltip>
    </Space>
  );
}

/**
 * The toolbar of a log screen: 清空 for those who hold `permission` (spec §2 login and operation logs).
 * Use as CrudConfig.toolbar.
 */
export const cleanToolbar =
  (permission: string, name: string, clean: () => Promise<Envelope>, testId: string) =>
  (ctx: CrudContext<unknown>) =>
    ctx.can(permission)
      ? [<CleanButton key="clean" name={name} clean={clean} reload={ctx.reload} testId={testId} />]
      : [];
