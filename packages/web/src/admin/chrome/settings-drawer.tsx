import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Image, Input, Radio, Space, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/request';
import { updateWebsiteConfig, uploadFile, type WebsiteConfig } from '../../areas/website/api';
import { DEFAULT_LOGO, useWebsite, WEBSITE_QUERY } from '../../areas/website/use-website';
import { maxLengthsOf, websiteConfigSchema, NO, YES } from '@tegang/domain';

/** Input limits read from the schema the server validates with. */
const WEBSITE_MAX = maxLengthsOf(websiteConfigSchema);

const MB = 1024 * 1024;
/** Upload limits (spec §9): logo 5120 KB, home picture 10240 KB. */
const LIMITS = { logo: 5 * MB, indexPic: 10 * MB } as const;

const errorText = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

function ImageUpload({
  kind,
  value,
  onChange,
  disabled,
}: {
  kind: 'logo' | 'indexPic';
  value?: string | null;
  onChange?: (url: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space direction="vertical" size={8}>
      {(value || kind === 'logo') && (
        <Image
          src={value || DEFAULT_LOGO}
          alt=""
          height={kind === 'logo' ? 40 : 80}
          style={{ objectFit: 'contain' }}
        />
      )}
      <Upload
        accept="image/*"
        maxCount={1}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          if (file.size > LIMITS[kind]) {
            void message.error(t(kind === 'logo' ? 'file.size.logo' : 'file.size.indexPic'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true);
          uploadFile(file as File, kind)
            .then((r) => {
              onChange?.(r.url);
              onSuccess?.(r);
            })
            .catch((e: unknown) => {
              void message.error(errorText(e));
              onError?.(e as Error);
            })
            .finally(() => setBusy(false));
        }}
      >
        <Button
          icon={<UploadOutlined />}
          disabled={disabled}
          loading={busy}
          data-testid={`settings-${kind}-upload`}
        >
          {t('admin.settings.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(kind === 'logo' ? 'admin.settings.logoTip' : 'admin.settings.picTip')}
      </Typography.Text>
    </Space>
  );
}

/**
 * The settings drawer (spec §2 "Back-office chrome"; admins only): the website setting, saved with
 * PUT /admin/websiteConfig. A non-200 answer shows its msg and the drawer stays open (spec §8).
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const site = useWebsite();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<WebsiteConfig>();
  const [busy, setBusy] = useState(false);
  const showLogo = Form.useWatch('showLogo', form);
  const showCopyright = Form.useWatch('showCopyright', form);

  useEffect(() => {
    if (open) form.setFieldsValue(site);
    // Only when the drawer opens: the user's edits are not overwritten by refetches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const save = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await updateWebsiteConfig({ ...site, ...values });
      void message.success(t('admin.settings.saved'));
      await queryClient.invalidateQueries({ queryKey: WEBSITE_QUERY });
      onClose();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const yesNo = [
    { value: YES, label: t('admin.yes') },
    { value: NO, label: t('admin.no') },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('admin.settings.title')}
      width={Math.min(480, window.innerWidth)}
      data-testid="settings-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={busy}
            onClick={() => void save().catch(() => undefined)}
            data-testid="settings-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t('field.website.name')}
          rules={[{ required: true, whitespace: true, message: t('website.name.required') }]}
        >
          <Input maxLength={WEBSITE_MAX.name} data-testid="settings-name" />
        </Form.Item>
        <Form.Item
          name="enName"
          label={t('field.website.enName')}
          rules={[{ required: true, whitespace: true, message: t('website.enName.required') }]}
        >
          <Input maxLength={WEBSITE_MAX.enName} data-testid="settings-enName" />
        </Form.Item>
        <Form.Item name="showLogo" label={t('field.website.showLogo')}>
          <Radio.Group options={yesNo} data-testid="settings-showLogo" />
        </Form.Item>
        <Form.Item name="logo" label={t('field.website.logo')}>
          <ImageUpload kind="logo" disabled={showLogo === NO} />
        </Form.Item>
        <Form.Item name="indexPic" label={t('field.website.indexPic')}>
          <ImageUpload kind="indexPic" />
        </Form.Item>
        <Form.Item name="showCopyright" label={t('field.website.showCopyright')}>
          <Radio.Group options={yesNo} data-testid="settings-showCopyright" />
        </Form.Item>
        <Form.Item name="copyright" label={t('field.website.copyright')}>
          <Input.TextArea
            rows={2}
            maxLength={WEBSITE_MAX.copyright}
            disabled={showCopyright === NO}
            data-testid="settings-copyright"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
