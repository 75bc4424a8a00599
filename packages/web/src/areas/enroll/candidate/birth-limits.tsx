import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictLabel, useDict } from '../../../components/dict';

/**
 * The plan's age requirement (birthLimits), shown above the notice so that the candidate learns it before
 * accepting: one line per education with a limit of its own (in the dictionary's order), then the
 * general limitBirth for every other education; nothing when the plan has no limit.
 */
export function BirthLimits({
  limitBirth,
  birthLimits,
}: {
  limitBirth: string | null;
  birthLimits: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const education = useDict('sys_education');
  const own = Object.entries(birthLimits);
  if (!limitBirth && !own.length) return null;
  const order = (code: string) => {
    const i = education.data?.findIndex((item) => item.value === code) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const lines = own
    .sort(([a], [b]) => order(a) - order(b))
    .map(([code, date]) =>
      t('enroll.birthLimit.line', { education: dictLabel(education.data, code, i18n.language), date }),
    );
  if (limitBirth)
    lines.push(
      own.length
        ? t('enroll.birthLimit.general', { date: limitBirth })
        : t('enroll.limitBirth', { date: limitBirth }),
    );
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('enroll.birthLimit.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="enroll-birth-limits">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    />
  );
}
