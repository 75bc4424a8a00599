import dayjs, { type Dayjs } from 'dayjs';
import { ENROLL_CONDITIONAL_FIELDS, enrollFieldApplies, type EnrollApplyInput } from '@tegang/domain';
import type { CandidateEnroll } from '../api';
import type { PhotoValue } from './photo-upload';

/**
 * Form <-> payload of the application form: the form's values, the stored enrolment as form values,
 * the multipart body sent to /api/apply and where a server's field error belongs on the form.
 */

/**
 * The values of the form: the application of the domain (enrollApplySchema) with the form's own
 * shapes for the photo, the graduation date and the two-level county choice; the selects of the
 * cascade start empty.
 */
export type EnrollFormValues = Omit<
  EnrollApplyInput,
  'planId' | 'graduationDate' | 'planType' | 'cityCode' | 'countyCode' | 'academicSession' | 'subject'
> & {
  picture?: PhotoValue;
  graduationDate?: Dayjs;
  planType?: string;
  /** [cityCode, countyCode] */
  enrollCounty?: string[];
  academicSession?: string;
  subject?: string;
};

/** Where a server field error belongs on the form. */
export function formFieldOf(field: string): string | null {
  if (field === 'cityCode' || field === 'countyCode') return 'enrollCounty';
  if (field === 'updateImg') return 'picture';
  if (field === 'gender' || field === 'birthday') return 'idCard';
  if (field === 'learningPeriod') return 'academicSession';
  if (field === 'category') return 'planType';
  return field;
}

/** The values of a stored enrolment, as the form holds them. */
export function toFormValues(enroll: CandidateEnroll): EnrollFormValues {
  return {
    name: enroll.name,
    idCard: enroll.idCard,
    maritalStatus: enroll.maritalStatus,
    nation: enroll.nation,
    veteran: enroll.veteran,
    politicalAffiliation: enroll.politicalAffiliation,
    phone: enroll.phone,
    domicile: enroll.domicile,
    address: enroll.address,
    picture: { url: enroll.pictureUrl ?? null },
    graduateCollege: enroll.graduateCollege,
    education: enroll.education,
    graduationDate: enroll.graduationDate ? dayjs(enroll.graduationDate) : undefined,
    major: enroll.major,
    isNormal: enroll.isNormal,
    freshmen: enroll.freshmen,
    teacherCertification: enroll.teacherCertification,
    teacherCertificationType: enroll.teacherCertificationType ?? undefined,
    teacherCertificationSubject: enroll.teacherCertificationSubject ?? undefined,
    isAdjust: enroll.isAdjust,
    priorityCondition: enroll.priorityCondition,
    priorityContent: enroll.priorityContent ?? undefined,
    planType: enroll.planType,
    enrollCounty: enroll.cityCode && enroll.countyCode ? [enroll.cityCode, enroll.countyCode] : undefined,
    academicSession: enroll.academicSession,
    subject: enroll.subject,
  };
}

/** The multipart body of POST/PUT /api/apply: every field, the two county codes and the photo. */
export function toFormData(values: EnrollFormValues, planId: number, id?: number): FormData {
  const data = new FormData();
  data.append('planId', String(planId));
  if (id !== undefined) data.append('id', String(id));
  const { picture, enrollCounty, graduationDate, ...rest } = values;
  const plain: Record<string, string | undefined> = { ...rest };
  for (const field of ENROLL_CONDITIONAL_FIELDS) if (!enrollFieldApplies(field, rest)) delete plain[field];
  for (const [key, value] of Object.entries(plain)) {
    if (value === undefined || value === null || String(value).trim() === '') continue;
    data.append(key, key === 'idCard' ? String(value).trim().toUpperCase() : String(value).trim());
  }
  if (graduationDate) data.append('graduationDate', graduationDate.format('YYYY-MM-DD'));
  if (enrollCounty?.length === 2) {
    data.append('cityCode', enrollCounty[0]);
    data.append('countyCode', enrollCounty[1]);
  }
  if (picture?.file) data.append('updateImg', picture.file, picture.file.name);
  return data;
}
