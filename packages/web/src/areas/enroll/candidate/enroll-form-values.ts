import dayjs, { type Dayjs } from 'dayjs';
import {
  ENROLL_BASIC_FIELDS,
  ENROLL_CONDITIONAL_FIELDS,
  ENROLL_INFO_FIELDS,
  enrollFieldApplies,
  type EnrollApplyInput,
} from '@tegang/domain';
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

/** Fields of the form's groups the form does not hold: derived from the ID number by the server. */
const DERIVED_FIELDS: ReadonlySet<string> = new Set(['gender', 'birthday']);

/**
 * The values of a stored enrolment, as the form holds them: every field of the domain's two form
 * groups (ENROLL_BASIC_FIELDS, ENROLL_INFO_FIELDS; null as undefined) but the derived ones, then the
 * fields the form holds in its own shape: the photo as its preview URL, the graduation date as a day,
 * the county as [cityCode, countyCode] (undefined unless both are stored).
 */
export function toFormValues(enroll: CandidateEnroll): EnrollFormValues {
  const stored = enroll as unknown as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const field of [...ENROLL_BASIC_FIELDS, ...ENROLL_INFO_FIELDS])
    if (!DERIVED_FIELDS.has(field)) values[field] = stored[field] ?? undefined;
  return {
    ...values,
    picture: { url: enroll.pictureUrl ?? null },
    graduationDate: enroll.graduationDate ? dayjs(enroll.graduationDate) : undefined,
    enrollCounty: enroll.cityCode && enroll.countyCode ? [enroll.cityCode, enroll.countyCode] : undefined,
  } as EnrollFormValues;
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
