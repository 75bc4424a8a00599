import { useTranslation } from 'react-i18next';
import { titleStyle } from './styles';

/**
 * The site's name in the header bar of both candidate frames: the short name on a phone, on one line
 * with an ellipsis when it does not fit (the full name in its title). A plain h1: the open frame,
 * drawn with the login page, does without antd.
 */
export function SiteTitle({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const text = t(mobile ? 'web.titleShort' : 'web.title');
  return (
    <h1
      style={{
        ...titleStyle,
        ...(mobile ? { fontSize: 16 } : {}),
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        textOverflow: 'ellipsis',
      }}
      title={text}
      data-testid="site-title"
    >
      {text}
    </h1>
  );
}
