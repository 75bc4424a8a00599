import { Button, type ButtonProps } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLang } from '../i18n';

/** Each language named in itself, as a language switch shows it. */
const NAMES = { zh: '中文', en: 'English' } as const;
const SHORT = { zh: '中文', en: 'EN' } as const;

/**
 * A zh/en switch (spec §9 languages): one button naming the other language (`short`: EN / 中文). The choice is kept in
 * localStorage by setLang; antd's locale follows i18n.language where the app sets ConfigProvider.
 */
export function LangSwitch({ short, ...props }: ButtonProps & { short?: boolean }) {
  const { i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'zh' : 'en';
  const shown = (short ? SHORT : NAMES)[other];
  return (
    <Button
      type="text"
      icon={<GlobalOutlined />}
      data-testid="lang-switch"
      lang={other === 'en' ? 'en' : 'zh-CN'}
      // The spoken name starts with the shown text (WCAG 2.5.3 "Label in Name"), then names the language in full.
      aria-label={shown === NAMES[other] ? shown : `${shown} (${NAMES[other]})`}
      onClick={() => void setLang(other)}
      {...props}
    >
      {shown}
    </Button>
  );
}
