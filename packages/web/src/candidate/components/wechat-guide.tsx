import { Alert, Space } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The "open in a browser" guidance shown after a PDF download in WeChat's in-app browser, which
 * cannot save files (the admission ticket and the enrolment form pages share it).
 * `guide` says what to do (tap ··· → open in browser, log in, download `what`); `blockedUrl` is the
 * single-use link when the new page was blocked (null when it opened), shown as a link to tap with
 * `openLabel`; `phone` the plan's customer-service number, if any. Test ids are
 * `${testIdPrefix}-wechat-guide`, `-wechat-link` and `-service-phone`.
 */
export function WeChatGuide({
  guide,
  openLabel,
  blockedUrl,
  phone,
  testIdPrefix,
}: {
  guide: string;
  openLabel: string;
  blockedUrl: string | null;
  phone?: string | null;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={`${testIdPrefix}-wechat-guide`}
      message={t('web.ticket.wechatTitle')}
      description={
        <Space direction="vertical" size={8}>
          <span>{guide}</span>
          {blockedUrl && (
            <a
              href={blockedUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`${testIdPrefix}-wechat-link`}
              style={{ display: 'inline-block', padding: '10px 0' }}
            >
              {openLabel}
            </a>
          )}
          {phone && (
            <span>
              {t('web.ticket.help')}
              {t('web.colon')}
              <a
                href={`tel:${phone}`}
                data-testid={`${testIdPrefix}-service-phone`}
                style={{ display: 'inline-block', padding: '10px 0' }}
              >
                <PhoneOutlined /> {phone}
              </a>
            </span>
          )}
        </Space>
      }
    />
  );
}
