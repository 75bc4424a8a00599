import { Button, Card, ColorPicker, Form, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@tegang/domain';
import { setLang } from '../../i18n';
import {
  chooseTheme,
  colorStore,
  DEFAULT_COLOR,
  THEME_NAMES,
  useThemeColor,
  useThemeName,
} from '../chrome/themes';

/** /info/setting (spec §2): language, theme and colour preferences (kept in localStorage, spec §3). */
export default function SettingPage() {
  const { t, i18n } = useTranslation();
  const theme = useThemeName();
  const color = useThemeColor();
  return (
    <Card title={t('admin.setting.title')}>
      <Form labelCol={{ flex: '120px' }} labelWrap style={{ maxWidth: 560 }}>
        <Form.Item label={t('admin.setting.language')}>
          <Radio.Group
            value={i18n.language === 'en' ? 'en' : 'zh'}
            onChange={(e) => void setLang(e.target.value as Lang)}
            options={LANGS.map((l) => ({ value: l, label: t(`admin.lang.${l}`) }))}
            data-testid="setting-lang"
          />
        </Form.Item>
        <Form.Item label={t('admin.setting.theme')}>
          <Select
            value={theme}
            onChange={chooseTheme}
            options={THEME_NAMES.map((n) => ({ value: n, label: t(`admin.theme.${n}`) }))}
            style={{ maxWidth: 240 }}
            data-testid="setting-theme"
          />
        </Form.Item>
        <Form.Item label={t('admin.setting.color')}>
          <Space>
            <ColorPicker
              value={color}
              disabledAlpha
              showText
              onChangeComplete={(c) => colorStore.set(c.toHexString())}
            />
            <Button onClick={() => colorStore.set(DEFAULT_COLOR)} data-testid="setting-reset-color">
              {t('admin.setting.resetColor')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
