import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { CREATE_STATUS, NO, TEACHER_CERTIFICATION_HELD, YES, type CandidateEnroll } from '@tegang/domain';
import { formFieldOf, toFormData, toFormValues, type EnrollFormValues } from './enroll-form-values';
import { cascadeFieldsBelow } from './enroll-cascade';

const values: EnrollFormValues = {
  name: '  张三 ',
  idCard: '52010219900101001x',
  maritalStatus: '1',
  nation: '01',
  veteran: NO,
  politicalAffiliation: '13',
  phone: '13900000001',
  domicile: '贵州贵阳',
  address: '贵阳市南明区',
  graduateCollege: '贵州师范大学',
  education: '2',
  graduationDate: dayjs('2024-06-30'),
  major: '数学',
  isNormal: YES,
  freshmen: YES,
  teacherCertification: '0',
  teacherCertificationType: '3',
  teacherCertificationSubject: '7',
  isAdjust: YES,
  priorityCondition: NO,
  priorityContent: '2',
  planType: '1',
  enrollCounty: ['520100', '520102'],
  academicSession: '2',
  subject: '05',
};

const sent = (data: FormData) => Object.fromEntries([...data.entries()].map(([k, v]) => [k, v]));

describe('toFormData (the body of POST/PUT /api/apply)', () => {
  it('sends the plan, trimmed texts, an upper-case ID number, the date and both county codes', () => {
    const body = sent(toFormData(values, 7));
    expect(body.planId).toBe('7');
    expect(body.id).toBeUndefined();
    expect(body.name).toBe('张三');
    expect(body.idCard).toBe('52010219900101001X');
    expect(body.graduationDate).toBe('2024-06-30');
    expect(body.cityCode).toBe('520100');
    expect(body.countyCode).toBe('520102');
    expect(body.enrollCounty).toBeUndefined();
    expect(body.subject).toBe('05');
  });

  it('leaves out the certificate details without a certificate and the priority content without priority', () => {
    const body = sent(toFormData(values, 7));
    expect(body).not.toHaveProperty('teacherCertificationType');
    expect(body).not.toHaveProperty('teacherCertificationSubject');
    expect(body).not.toHaveProperty('priorityContent');
  });

  it('sends them when they apply, and the id and the photo on an edit', () => {
    const photo = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    const body = sent(
      toFormData(
        {
          ...values,
          teacherCertification: TEACHER_CERTIFICATION_HELD,
          priorityCondition: YES,
          picture: { file: photo, url: 'blob:x' },
        },
        7,
        42,
      ),
    );
    expect(body.id).toBe('42');
    expect(body.teacherCertificationType).toBe('3');
    expect(body.teacherCertificationSubject).toBe('7');
    expect(body.priorityContent).toBe('2');
    expect((body.updateImg as File).name).toBe('me.jpg');
  });

  it('skips empty fields and a half-chosen county', () => {
    const body = sent(toFormData({ ...values, major: '   ', enrollCounty: ['520100'] }, 7));
    expect(body).not.toHaveProperty('major');
    expect(body).not.toHaveProperty('cityCode');
    expect(body).not.toHaveProperty('countyCode');
  });
});

describe('toFormValues (a stored enrolment in the form)', () => {
  it('joins the county codes, parses the date and keeps the photo as a preview URL', () => {
    const stored = {
      ...values,
      id: 42,
      planId: 7,
      graduationDate: '2024-06-30',
      cityCode: '520100',
      countyCode: '520102',
      teacherCertificationType: null,
      pictureUrl: '/api/enroll/photo/42/AAAAAAAAAAAAAAAAAAAAAA.jpg',
      createStatus: CREATE_STATUS.pending,
    } as unknown as CandidateEnroll;
    const form = toFormValues(stored);
    expect(form.enrollCounty).toEqual(['520100', '520102']);
    expect(form.graduationDate?.format('YYYY-MM-DD')).toBe('2024-06-30');
    expect(form.picture).toEqual({ url: '/api/enroll/photo/42/AAAAAAAAAAAAAAAAAAAAAA.jpg' });
    expect(form.teacherCertificationType).toBeUndefined();
    // and back: the same codes are sent again
    expect(sent(toFormData(form, 7, 42)).countyCode).toBe('520102');
  });

  it('leaves the county empty when the stored one is incomplete', () => {
    const form = toFormValues({
      ...values,
      cityCode: '520100',
      countyCode: null,
    } as unknown as CandidateEnroll);
    expect(form.enrollCounty).toBeUndefined();
  });
});

describe('formFieldOf (where a server field error shows)', () => {
  it('puts payload fields on the form fields that hold them', () => {
    expect(formFieldOf('cityCode')).toBe('enrollCounty');
    expect(formFieldOf('countyCode')).toBe('enrollCounty');
    expect(formFieldOf('updateImg')).toBe('picture');
    expect(formFieldOf('birthday')).toBe('idCard');
    expect(formFieldOf('learningPeriod')).toBe('academicSession');
    expect(formFieldOf('category')).toBe('planType');
    expect(formFieldOf('major')).toBe('major');
  });
});

describe('cascadeFieldsBelow (changing a level clears the ones after it)', () => {
  it('clears every level below the changed one', () => {
    expect(cascadeFieldsBelow({ education: '2' })).toEqual([
      'planType',
      'enrollCounty',
      'academicSession',
      'subject',
    ]);
    expect(cascadeFieldsBelow({ enrollCounty: ['520100', '520102'] })).toEqual([
      'academicSession',
      'subject',
    ]);
    expect(cascadeFieldsBelow({ subject: '05' })).toEqual([]);
  });

  it('clears nothing when no level changed', () => {
    expect(cascadeFieldsBelow({ name: '张三' })).toEqual([]);
  });
});
