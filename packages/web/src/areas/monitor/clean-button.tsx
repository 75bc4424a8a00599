import { Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useActions, type CrudContext, type Envelope } from '../../components/crud';

/** Empties a log after a confirm (DELETE …/clean). */
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
