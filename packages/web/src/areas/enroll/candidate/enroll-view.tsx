import { Descriptions, Image, Typography, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ENROLL_BASIC_FIELDS,
  ENROLL_DICT_FIELDS,
  ENROLL_CONDITIONAL_FIELDS,
  enrollFieldApplies,
  type EnrollConditionalField,
  type EnrollDictField,
} from '@tegang/domain';
import type { CandidateEnroll } from '../api';
import { DictText } from '../../../components/dict';
import { useLabelStyle } from '../../../candidate/hooks';
import { AuditNotice, AuditStatusTag } from './audit-status';
import { usePhotoSrc } from '../use-photo-src';

type Items = NonNullable<DescriptionsProps['items']>;

/** The enrolment info group (spec §3 tableData): plan type, county, learning period, subject. */
export function enrollChoiceItems(enroll: CandidateEnroll, t: TFunction): Items {
  return [
    {
      key: 'planType',
      label: t('field.planType'),
      children: <DictText type={ENROLL_DICT_FIELDS.planType} value={enroll.planType} />,
    },
    {
      key: 'enrollCounty',
      label: t('field.enrollCounty'),
      children: enroll.enrollCounty || enroll.countyCode,
    },
    {
      key: 'academicSession',
      label: t('field.academicSession'),
      children: <DictText type={ENROLL_DICT_FIELDS.academicSession} value={enroll.academicSession} />,
    },
    {
      key: 'subject',
      label: t('field.subject'),
      children: <DictText type={ENROLL_DICT_FIELDS.subject} value={enroll.subject} />,
    },
  ];
}

/** The 报名序号 (the number the office files the form by), once given. */
function serialNoItems(enroll: CandidateEnroll, t: TFunction): Items {
  return enroll.serialNo
    ? [
        {
          key: 'serialNo',
          label: t('field.serialNo'),
          children: <span data-testid="enroll-serial">{enroll.serialNo}</span>,
        },
      ]
    : [];
}

/** The basic info group, in the form's order; conditional fields only when they apply. */
function basicItems(enroll: CandidateEnroll, t: TFunction): Items {
  return ENROLL_BASIC_FIELDS.filter((f) => {
    if (f === 'picture') return false;
    if ((ENROLL_CONDITIONAL_FIELDS as readonly string[]).includes(f))
      return enrollFieldApplies(f as EnrollConditionalField, enroll);
    return true;
  }).map((f) => {
    const raw = enroll[f as keyof CandidateEnroll] as string | null;
    return {
      key: f,
      label: t(`field.${f}`),
      children:
        f in ENROLL_DICT_FIELDS ? (
          <DictText type={ENROLL_DICT_FIELDS[f as EnrollDictField]} value={raw} />
        ) : (
          raw
        ),
    };
  });
}

/**
 * The candidate's application, read-only (outside the enrolment window, or once it passed the audit):
 * its audit status (Tag) and what it means (AuditNotice: the rejection's reason, or "passed, no more
 * changes"), then the two groups.
 */
export function EnrollView({ enroll }: { enroll: CandidateEnroll }) {
  const { t } = useTranslation();
  const column = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };
  const styles = { label: useLabelStyle(150) };
  const photo = usePhotoSrc(enroll.pictureUrl).src;
  return (
    <div data-testid="enroll-view">
      <div style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('field.auditStatus')}：</Typography.Text>
        <AuditStatusTag status={enroll.auditStatus} />
      </div>
      <AuditNotice enroll={enroll} editable={false} />
      {photo && (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">{t('field.picture')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <Image
              src={photo}
              alt={t('field.picture')}
              width={120}
              height={160}
              style={{ objectFit: 'cover' }}
            />
          </div>
        </div>
      )}
      <Descriptions
        title={t('section.basic')}
        bordered
        size="small"
        column={column}
        styles={styles}
        items={basicItems(enroll, t)}
      />
      <Descriptions
        title={t('section.enroll')}
        bordered
        size="small"
        column={column}
        styles={styles}
        style={{ marginTop: 24 }}
        items={[...serialNoItems(enroll, t), ...enrollChoiceItems(enroll, t)]}
      />
    </div>
  );
}
