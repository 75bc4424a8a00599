import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { titleStyle } from './styles';

/** The site's name in the header bar of both candidate frames: the short name on a phone. */
export function SiteTitle({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography.Title
      level={1}
      style={mobile ? { ...titleStyle, fontSize: 16 } : titleStyle}
      ellipsis
      data-testid="site-title"
    >
      {t(mobile ? 'web.titleShort' : 'web.title')}
    </Typography.Title>
  );
}
