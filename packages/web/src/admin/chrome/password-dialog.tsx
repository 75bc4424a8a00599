import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkConfirmPassword, checkNewPasswordLength } from '@tegang/domain';
import { updatePassword } from '../api';
import { ApiError } from '../../api/request';
import { ruleOf } from '../../components/rules';

interface Values {
  oldPsw: string;
  newPsw: string;
  confirmPsw: string;
}

/**
 * The change-password dialog (spec §2, §5): old password required, new password 6-20, confirm equal;
 * PUT /system/user/updatePsw (encrypted). A non-200 answer shows its msg and the dialog stays open (§8).
 */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await updatePassword({ oldPsw: v.oldPsw, newPsw: v.newPsw });
      void message.success(t('admin.password.done'));
      form.resetFields();
      onClose();
    } catch (e) {
      void message.error(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('admin.password.title')}
      width={Math.min(650, window.innerWidth - 32)}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'password-submit' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} labelCol={{ flex: '110px' }} labelWrap preserve={false} data-testid="password-form">
        <Form.Item
          name="oldPsw"
          label={t('field.oldPsw')}
          rules={[{ required: true, message: t('rule.oldPsw.required') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="newPsw"
          label={t('field.newPsw')}
          rules={[ruleOf(checkNewPasswordLength)]}
          validateFirst
          required
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPsw"
          label={t('field.confirmPsw')}
          dependencies={['newPsw']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: (_r, value) => {
                const key = checkConfirmPassword(value, getFieldValue('newPsw'));
                return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
