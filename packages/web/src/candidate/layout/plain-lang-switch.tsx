import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { setLang } from '../../i18n';
import { SvgIcon } from '../components/svg-icon';

/** Each language named in itself, as a language switch shows it. */
const NAMES = { zh: '中文', en: 'English' } as const;
const SHORT = { zh: '中文', en: 'EN' } as const;

/**
 * The zh/en switch of the open pages' title bar (spec §9 languages), as components/lang-switch.tsx
 * (one button naming the other language; `short`: EN / 中文) but a plain button: the open frame is
 * drawn without antd.
 */
export function PlainLangSwitch({ short }: { short?: boolean }) {
  const { i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'zh' : 'en';
  const shown = (short ? SHORT : NAMES)[other];
  return (
    <button
      type="button"
      className="tg-header-button"
      data-testid="lang-switch"
      lang={other === 'en' ? 'en' : 'zh-CN'}
      // The spoken name starts with the shown text (WCAG 2.5.3 "Label in Name"), then names the language in full.
      aria-label={shown === NAMES[other] ? shown : `${shown} (${NAMES[other]})`}
      onClick={() => void setLang(other)}
    >
      <SvgIcon icon={GlobalOutlined} /> {shown}
    </button>
  );
}
