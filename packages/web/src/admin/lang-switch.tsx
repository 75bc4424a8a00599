import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@tegang/domain';
import { setLang } from '../i18n';

/** The language switch of the login page and the top bar (spec §1, §9: zh default, en). */
export function LangSwitch({ light = false }: { light?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGS.map((lang) => ({
          key: lang,
          label: <span data-testid={`lang-${lang}`}>{t(`admin.lang.${lang}`)}</span>,
        })),
        onClick: ({ key }) => void setLang(key as Lang),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        // The spoken name starts with the shown language (WCAG 2.5.3 "Label in Name"), then says what it is.
        aria-label={`${t(`admin.lang.${current}`)} (${t('common.language')})`}
        data-testid="lang-switch"
        style={light ? { color: 'inherit' } : undefined}
      >
        {t(`admin.lang.${current}`)}
      </Button>
    </Dropdown>
  );
}
