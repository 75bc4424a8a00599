import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CandidateEnroll } from '../api';
import { EnrollView } from './enroll-view';

/** The candidate's read-only application shows its 报名序号, the number the office files it by. */
vi.mock('../../../api/reference', () => ({ listDictItems: () => Promise.resolve([]) }));

const application = (serialNo: string | null) =>
  ({
    id: 21,
    planId: 7,
    serialNo,
    name: '王小明',
    idCard: '520102199001010011',
    phone: '13900000001',
    auditStatus: '1',
    auditReason: null,
    teacherCertification: '0',
    priorityCondition: '0',
    planType: '01',
    enrollCounty: '南明区',
    countyCode: '520102',
    academicSession: '02',
    subject: '01',
    pictureUrl: null,
  }) as unknown as CandidateEnroll;

function show(enroll: CandidateEnroll) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EnrollView enroll={enroll} />
    </QueryClientProvider>,
  );
}

describe('the candidate’s own application', () => {
  afterEach(cleanup);

  it('shows the 报名序号 with the enrolment information', () => {
    show(application('202752010200017'));
    expect(screen.getByTestId('enroll-serial').textContent).toBe('202752010200017');
    expect(screen.getByText('报名序号')).toBeTruthy();
  });

  it('shows no 报名序号 row before one is given', () => {
    show(application(null));
    expect(screen.queryByTestId('enroll-serial')).toBeNull();
    expect(screen.queryByText('报名序号')).toBeNull();
  });
});
