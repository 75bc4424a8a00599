import { useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkIdCard, checkPasswordStrength, checkPhone, checkRealName, checkUserName } from '@tegang/domain';
import { register, type RegisterInput } from '../../api/candidate';
import { required } from '../../components/rules';
import { AuthCard } from '../components/AuthCard';
import { SmsCodeInput } from '../components/SmsCodeInput';
import { showFormError } from '../errors';
import { usePageTitle } from '../hooks';
import { ruleOf, confirmPasswordRule, revalidateErrored } from '../rules';

type RegisterForm = RegisterInput & { confirmPsw: string };

/** /web/register: account, identity and phone with its SMS code (POST /api/register, encrypted). */
export default function Register() {
  const { t } = useTranslation();
  usePageTitle(t('web.register.title'));
  const [form] = Form.useForm<RegisterForm>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ confirmPsw: _c, ...values }: RegisterForm) => {
    setSubmitting(true);
    try {
      await register({
        ...values,
        userName: values.userName.trim(),
        realName: values.realName.trim(),
        idCard: values.idCard.trim().toUpperCase(),
        telephone: values.telephone.trim(),
        code: values.code.trim(),
      });
      message.success(t('auth.registered'));
      navigate('/web/login', { replace: true, state: { userName: values.userName.trim() } });
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('web.register.title')} testId="register-card">
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onValuesChange={(changed) => revalidateErrored(form, changed)}
        onFinish={(v) => void submit(v)}
        scrollToFirstError
      >
        <Form.Item
          name="userName"
          label={t('field.userName')}
          required
          validateFirst
          rules={[required('field.userName'), ruleOf(checkUserName)]}
        >
          <Input autoComplete="username" maxLength={16} placeholder={t('field.userName')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('field.password')}
          required
          validateFirst
          rules={[required('field.password'), ruleOf(checkPasswordStrength)]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('field.password')} />
        </Form.Item>
        <Form.Item
          name="confirmPsw"
          label={t('field.confirmPsw')}
          required
          dependencies={['password']}
          rules={[confirmPasswordRule('password')]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} placeholder={t('field.confirmPsw')} />
        </Form.Item>
        <Form.Item
          name="realName"
          label={t('field.realName')}
          required
          validateFirst
          rules={[required('field.realName'), ruleOf(checkRealName)]}
        >
          <Input autoComplete="name" maxLength={30} placeholder={t('field.realName')} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label={t('field.idCard')}
          required
          validateFirst
          rules={[required('field.idCard'), ruleOf(checkIdCard)]}
          extra={t('web.register.idCardHint')}
        >
          <Input maxLength={18} autoComplete="off" placeholder={t('field.idCard')} />
        </Form.Item>
        <Form.Item name="telephone" label={t('field.telephone')} required rules={[ruleOf(checkPhone)]}>
          <Input inputMode="tel" autoComplete="tel" maxLength={11} placeholder={t('field.telephone')} />
        </Form.Item>
        <SmsCodeInput form={form} kind="register" />
        <Form.Item style={{ marginTop: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            data-testid="register-submit"
          >
            {t('web.register.submit')}
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Link to="/web/login">{t('web.auth.hasAccount')}</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
