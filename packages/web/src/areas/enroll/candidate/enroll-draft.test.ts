import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { clearDraft, loadDraft, saveDraft, type DraftOwner } from './enroll-draft';

/** Issue 8: the application form's draft in sessionStorage survives a reload, without the photo. */
const owner: DraftOwner = { planId: 7, candidateId: 3 };

describe('the application draft', () => {
  afterEach(() => sessionStorage.clear());

  it('saves and restores the values, the date as a date', () => {
    saveDraft(owner, {
      major: '数学',
      nation: '01',
      graduationDate: dayjs('2024-06-30'),
      enrollCounty: ['520100', '520102'],
    });
    const draft = loadDraft(owner);
    expect(draft?.major).toBe('数学');
    expect(draft?.nation).toBe('01');
    expect(draft?.enrollCounty).toEqual(['520100', '520102']);
    expect(dayjs.isDayjs(draft?.graduationDate)).toBe(true);
    expect(draft?.graduationDate?.format('YYYY-MM-DD')).toBe('2024-06-30');
  });

  it('keeps neither the photo nor the name and ID number (the account has them)', () => {
    const photo = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    saveDraft(owner, {
      major: '数学',
      picture: { file: photo, url: 'blob:x' },
      name: '张三',
      idCard: '520102199001010011',
    });
    const draft = loadDraft(owner)!;
    expect(draft).not.toHaveProperty('picture');
    expect(draft).not.toHaveProperty('name');
    expect(draft).not.toHaveProperty('idCard');
    expect(sessionStorage.getItem('tegang.enrollDraft.7.3')).not.toContain('blob:x');
  });

  it('is kept per plan and candidate', () => {
    saveDraft(owner, { major: '数学' });
    expect(loadDraft({ planId: 8, candidateId: 3 })).toBeNull();
    expect(loadDraft({ planId: 7, candidateId: 4 })).toBeNull();
  });

  it('restores an edit only into the same enrolment, and a new one only into a new application', () => {
    saveDraft({ ...owner, enrollId: 42 }, { major: '语文' });
    expect(loadDraft({ ...owner, enrollId: 42 })?.major).toBe('语文');
    expect(loadDraft({ ...owner, enrollId: 43 })).toBeNull();
    expect(loadDraft(owner)).toBeNull();
  });

  it('is gone once cleared (after submitting or discarding)', () => {
    saveDraft(owner, { major: '数学' });
    clearDraft(owner);
    expect(loadDraft(owner)).toBeNull();
  });

  it('ignores an empty or unreadable draft', () => {
    saveDraft(owner, { major: '', name: '张三' });
    expect(loadDraft(owner)).toBeNull();
    sessionStorage.setItem('tegang.enrollDraft.7.3', '{not json');
    expect(loadDraft(owner)).toBeNull();
  });
});
