import { useState } from 'react';
import { Button, Descriptions, Form, Input, Space, message } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkPhone, checkRealName, PHONE_LENGTH, REAL_NAME_MAX } from '@tegang/domain';
import { editUserInfo } from '../api';
import { DictText } from '../../../components/dict';
import { Loading } from '../../../candidate/components/loading';
import { PageCard } from '../../../candidate/components/page-card';
import { SmsCodeInput } from './sms-code-input';
import { StageCard } from './stage-card';
import { CheckedField } from './auth-form';
import { showFormError } from '../../../candidate/errors';
import { useLabelStyle, useMobile } from '../../../candidate/hooks';
import { ruleOf, revalidateErrored } from '../../../candidate/rules';
import { candidateKeys, useCandidate } from '../../../candidate/state';

interface EditForm {
  realName: string;
  telephone: string;
  code?: string;
}

/**
 * /web/user_info, the candidate's home: first where the candidate stands in the plan and what to do
 * next (StageCard), then the account with the edit of real name and phone.
 */
export default function UserInfo() {
  const { t } = useTranslation();
  const state = useCandidate();
  const mobile = useMobile();
  const labelStyle = useLabelStyle(120);
  const client = useQueryClient();
  const [form] = Form.useForm<EditForm>();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const phone = Form.useWatch('telephone', form);
  const info = state.userInfo;
  const phoneChanged = Boolean(info && phone !== undefined && phone.trim() !== info.telephone);

  if (!info) return <PageCard title={t('web.userInfo.title')}>{state.failed ? null : <Loading />}</PageCard>;

  const save = async ({ realName, telephone, code }: EditForm) => {
    setSaving(true);
    try {
      const updated = await editUserInfo({
        realName: realName.trim(),
        telephone: telephone.trim(),
        ...(phoneChanged ? { code: code?.trim() } : {}),
      });
      client.setQueryData(candidateKeys.info, updated);
      message.success(t('common.saved'));
      setEditing(false);
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <StageCard />
      <PageCard
        title={t('web.userInfo.title')}
        testId="user-info"
        extra={
          !editing && (
            <Button
              icon={<EditOutlined />}
              data-testid="user-info-edit"
              onClick={() => {
                form.setFieldsValue({ realName: info.realName, telephone: info.telephone, code: '' });
                setEditing(true);
              }}
            >
              {t('web.userInfo.edit')}
            </Button>
          )
        }
      >
        {editing ? (
          <Form<EditForm>
            form={form}
            layout="vertical"
            validateTrigger="onBlur"
            style={{ maxWidth: 480 }}
            onValuesChange={(changed) => revalidateErrored(form, changed)}
            onFinish={(v) => void save(v)}
          >
            <CheckedField
              name="realName"
              labelKey="field.realName"
              check={checkRealName}
              maxLength={REAL_NAME_MAX}
              autoComplete="name"
              placeholder={false}
            />
            <Form.Item
              name="telephone"
              label={t('field.telephone')}
              required
              rules={[ruleOf(checkPhone)]}
              extra={t('web.userInfo.newPhoneHint')}
            >
              <Input inputMode="tel" maxLength={PHONE_LENGTH} autoComplete="tel" />
            </Form.Item>
            {phoneChanged && <SmsCodeInput form={form} kind="editUserInfo" />}
            <Space style={{ marginTop: 8 }}>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="user-info-save">
                {t('common.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('common.cancel')}</Button>
            </Space>
          </Form>
        ) : (
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
            bordered
            size={mobile ? 'small' : 'middle'}
            styles={{ label: labelStyle }}
          >
            <Descriptions.Item label={t('field.userName')}>{info.userName}</Descriptions.Item>
            <Descriptions.Item label={t('field.realName')}>{info.realName}</Descriptions.Item>
            <Descriptions.Item label={t('field.idCard')}>{info.idCard}</Descriptions.Item>
            <Descriptions.Item label={t('field.gender')}>
              <DictText type="sys_user_sex" value={info.gender} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.birthday')}>{info.birthday}</Descriptions.Item>
            <Descriptions.Item label={t('field.telephone')}>{info.telephone}</Descriptions.Item>
          </Descriptions>
        )}
      </PageCard>
    </Space>
  );
}
