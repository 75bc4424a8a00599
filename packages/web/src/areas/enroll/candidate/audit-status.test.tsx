import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { CandidateEnroll } from '../api';
import { AuditNotice, AuditStatusTag } from './audit-status';

/** The candidate's view of the audit (AUDIT_STATUS): the status Tag and the notice of a decision. */
const enroll = (auditStatus: string, auditReason: string | null = null) =>
  ({ auditStatus, auditReason }) as CandidateEnroll;

describe('audit status on the candidate side', () => {
  afterEach(cleanup);

  it('labels each status in a tag', () => {
    render(
      <>
        <AuditStatusTag status="0" />
        <AuditStatusTag status="1" />
        <AuditStatusTag status="2" />
      </>,
    );
    expect(screen.getAllByTestId('enroll-audit-status').map((e) => e.textContent)).toEqual([
      '待审核',
      '审核通过',
      '审核不通过',
    ]);
  });

  it('shows the reason of a rejection, and how to resubmit while enrolment is open', () => {
    render(<AuditNotice enroll={enroll('2', '照片不清晰')} editable />);
    expect(screen.getByTestId('enroll-audit-reason').textContent).toBe('不通过原因：照片不清晰');
    expect(screen.getByTestId('enroll-audit-notice').textContent).toContain('重新提交审核');
  });

  it('says a passed application can no longer be changed, and nothing while pending', () => {
    const { container } = render(<AuditNotice enroll={enroll('0')} editable />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<AuditNotice enroll={enroll('1')} editable={false} />);
    expect(screen.getByTestId('enroll-audit-notice').textContent).toContain('已审核通过的报名不能修改');
  });
});
