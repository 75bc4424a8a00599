import { describe, expect, it } from 'vitest';
import {
  maskPhone,
  SMS_NOTICE_BACKOFF_SECONDS,
  SMS_NOTICE_ERROR_MAX,
  SMS_NOTICE_MAX_ATTEMPTS,
  smsNoticeErrorText,
  smsNoticeNextAttempt,
} from '../src';

/** The retry rules of SMS notices (docs/decisions.md "SMS notices to candidates"). */
describe('SMS notice retries', () => {
  it('waits 1 min, 5 min, 30 min and 2 h after the failed sends, and stops after the last attempt', () => {
    const at = new Date('2027-03-01T08:00:00Z');
    const waits = [1, 2, 3, 4].map((n) => (smsNoticeNextAttempt(n, at)!.getTime() - at.getTime()) / 1000);
    expect(waits).toEqual([...SMS_NOTICE_BACKOFF_SECONDS]);
    expect(waits).toEqual([60, 300, 1800, 7200]);
    expect(smsNoticeNextAttempt(SMS_NOTICE_MAX_ATTEMPTS, at)).toBeNull();
    expect(smsNoticeNextAttempt(SMS_NOTICE_MAX_ATTEMPTS + 1, at)).toBeNull();
  });

  it('keeps a provider error without digit runs of 6 or more, on one line, at most 200 characters', () => {
    expect(smsNoticeErrorText('isv.MOBILE_NUMBER_ILLEGAL: 13912345678 invalid, code 123456, id 12345')).toBe(
      'isv.MOBILE_NUMBER_ILLEGAL: *********** invalid, code ******, id 12345',
    );
    expect(smsNoticeErrorText('a\n  b')).toBe('a b');
    const long = smsNoticeErrorText('x'.repeat(500));
    expect(long).toHaveLength(SMS_NOTICE_ERROR_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('masks a phone as 139****1234', () => {
    expect(maskPhone('13912341234')).toBe('139****1234');
    expect(maskPhone('12345')).toBe('*****');
  });
});
