import { App, Button } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '../../../components/crud';
import '../system/strings';

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
  const { modal, message } = App.useApp();
  return (
    <Button
      danger
      icon={<ClearOutlined />}
      data-testid={`${testId}-clean`}
      onClick={() =>
        modal.confirm({
          title: t('common.warning'),
          content: t('mon.cleanConfirm', { name }),
          okText: t('common.confirm'),
          cancelText: t('common.cancel'),
          okButtonProps: { danger: true, 'data-testid': `${testId}-clean-ok` },
          onOk: async () => {
            try {
              const res = await clean();
              message.success(res.msg || t('mon.cleaned'));
              reload();
            } catch {
              // shown by the request client
            }
          },
        })
      }
    >
      {t('mon.clean')}
    </Button>
  );
}
