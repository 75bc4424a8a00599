import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { lockSchema, maxLengthOf } from '@tegang/domain';

/**
 * The dialog that sets a lock password before the first lock (spec §4 "Lock"), shared by the
 * console's lock button (admin/chrome/lock-button.tsx) and the front site's (candidate/lock/
 * lock-button.tsx): one required password field (锁屏密码不能为空, the domain's lockSchema length);
 * OK or Enter hands the password to `onSubmit`. Its test ids are `<testIdPrefix>-set-password` and
 * `<testIdPrefix>-set-ok`. The field is emptied whenever the dialog closes.
 */
export function LockPasswordDialog({
  open,
  title,
  testIdPrefix,
  busy,
  width,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  /** The dialog's title, in the entry's own catalogue. */
  title: string;
  testIdPrefix: string;
  /** Shows the OK button's spinner while the lock is under way. */
  busy?: boolean;
  /** antd Modal's width; its default (520 px) when absent. */
  width?: number;
  onCancel: () => void;
  /** Locks with the new password; its failure is the caller's to report. */
  onSubmit: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': `${testIdPrefix}-set-ok` }}
      onCancel={onCancel}
      // An empty field shows its message; the rejected validation is not an error to report.
      onOk={() =>
        void form
          .validateFields()
          .then((v) => onSubmit(v.password))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(v) => void onSubmit(v.password)}>
        <Form.Item
          name="password"
          label={t('field.lockPassword')}
          rules={[{ required: true, whitespace: true, message: t('auth.lock.passwordRequired') }]}
        >
          <Input.Password
            autoFocus
            autoComplete="new-password"
            data-testid={`${testIdPrefix}-set-password`}
            maxLength={maxLengthOf(lockSchema.shape.password)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
