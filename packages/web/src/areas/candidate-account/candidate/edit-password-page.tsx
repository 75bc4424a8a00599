import { useState } from 'react';
import { Alert, Button, Form, Input, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { editPasswordSchema, maxLengthOf } from '@tegang/domain';
import { editPassword } from '../api';
import { NewPasswordFields } from './auth-form';
import { PageCard } from '../../../candidate/components/page-card';
import { showFormError } from '../../../candidate/errors';
import { endSessionLocally } from '../../../candidate/session';
import { requiredMessage, revalidateErrored } from '../../../candidate/rules';

interface PasswordForm {
  oldPsw: string;
  newPsw: string;
  confirmPsw: string;
}

/**
 * /web/edit_password (spec §5 change-password rules): old password required; new one required,
 * 6 to 20 long and strong; the confirmation equal. On success the session ends and the candidate
 * logs in again (the server ends every session of the account).
 */
export default function EditPassword() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  const submit = async ({ oldPsw, newPsw }: PasswordForm) => {
    setSaving(true);
    try {
      await editPassword({ oldPsw, newPsw });
      message.success(t('auth.passwordChanged'));
      endSessionLocally(); // the server has ended every session of the account
      navigate('/web/login', { replace: true });
    } catch (error) {
      // Spec §8: any code but 200 shows the answer's msg as an error, and the form stays.
      showFormError(form, error, undefined, { toastToo: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageCard title={t('web.editPassword.title')} testId="edit-password">
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        style={{ maxWidth: 480 }}
        onValuesChange={(changed) => revalidateErrored(form, changed)}
        onFinish={(v) => void submit(v)}
      >
        <Alert type="info" showIcon message={t('web.editPassword.hint')} style={{ marginBottom: 16 }} />
        <Form.Item
          name="oldPsw"
          label={t('field.oldPsw')}
          required
          rules={[requiredMessage('rule.oldPsw.required')]}
        >
          <Input.Password
            autoComplete="current-password"
            maxLength={maxLengthOf(editPasswordSchema.shape.oldPsw)}
          />
        </Form.Item>
        <NewPasswordFields name="newPsw" labelKey="field.newPsw" lengthFirst placeholders={false} />
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          data-testid="edit-password-submit"
          style={{ marginTop: 8 }}
        >
          {t('web.editPassword.submit')}
        </Button>
      </Form>
    </PageCard>
  );
}
