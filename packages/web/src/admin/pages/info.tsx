import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Col, Descriptions, Form, Input, Row, Space, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkPhone, PHONE_LENGTH, maxLengthOf, userProfileSchema } from '@tegang/domain';
import { updateProfile, type ProfileInput } from '../api';
import { ApiError } from '../../api/request';
import { DictSelect, DictText } from '../../components/dict';
import { session, useSession } from '../session';

const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/** /info/index (spec §2): the user's profile from GET /auth/getInfo, edited with PUT /system/user/updateById. */
export default function InfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { info } = useSession();
  const [form] = Form.useForm<ProfileInput>();
  const [busy, setBusy] = useState(false);
  const avatar = Form.useWatch('avatar', form);
  const user = info?.user;

  useEffect(() => {
    if (user)
      form.setFieldsValue({ nickName: user.nickName, phone: user.phone, sex: user.sex, avatar: user.avatar });
  }, [user, form]);

  if (!user) return null;
  const region = [user.provinceCode, user.cityCode, user.countyCode].filter(Boolean).join(' / ');

  const save = async (values: ProfileInput) => {
    setBusy(true);
    try {
      await updateProfile({
        nickName: values.nickName,
        phone: values.phone || null,
        sex: values.sex ?? null,
        avatar: values.avatar ?? null,
      });
      void message.success(t('admin.info.saved'));
      await session.reloadInfo().catch(() => undefined);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card
          title={t('admin.info.title')}
          data-testid="info-card"
          // Spec §2 lists /info/setting beside /info/index: the preferences are reached from here.
          extra={
            <Link to="/info/setting" data-testid="info-setting-link">
              {t('admin.setting.title')}
            </Link>
          }
        >
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Avatar size={80} src={user.avatar || undefined} icon={<UserOutlined />} />
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('field.userName')}>{user.userName}</Descriptions.Item>
            <Descriptions.Item label={t('field.nickName')}>{user.nickName}</Descriptions.Item>
            <Descriptions.Item label={t('field.phone')}>{user.phone}</Descriptions.Item>
            <Descriptions.Item label={t('field.sex')}>
              <DictText type="sys_user_sex" value={user.sex} />
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.info.region')}>{region}</Descriptions.Item>
            <Descriptions.Item label={t('field.roleIds')}>
              <Space wrap size={4}>
                {info.roles.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card title={t('common.edit')}>
          <Form
            form={form}
            labelCol={{ flex: '100px' }}
            labelWrap
            onFinish={(v) => void save(v)}
            style={{ maxWidth: 520 }}
          >
            <Form.Item name="avatar" label={t('admin.info.avatar')}>
              <Avatar size={48} src={avatar || undefined} icon={<UserOutlined />} />
            </Form.Item>
            <Form.Item
              name="nickName"
              label={t('field.nickName')}
              rules={[{ required: true, whitespace: true, message: t('system.user.nickName.required') }]}
            >
              <Input maxLength={maxLengthOf(userProfileSchema.shape.nickName)} data-testid="info-nickName" />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('field.phone')}
              rules={[
                {
                  validator: (_r, v: unknown) => {
                    const key = v ? checkPhone(v) : null;
                    return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input maxLength={PHONE_LENGTH} data-testid="info-phone" />
            </Form.Item>
            <Form.Item name="sex" label={t('field.sex')}>
              <DictSelect type="sys_user_sex" allowClear data-testid="info-sex" />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={busy} data-testid="info-save">
                {t('common.save')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
