import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import {
  PHOTO_KEEP_AS_IS_BYTES,
  clearDraft,
  draftPhotoSize,
  loadDraft,
  saveDraft,
  savePhotoDraft,
  type DraftOwner,
} from './enroll-draft';

/** The application form's draft in sessionStorage survives a reload, with the photo. */
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

  it('keeps neither the name and ID number (the account has them) nor a blob URL in the values', () => {
    const photo = new File(['x'], 'me.jpg', { type: 'image/jpeg' });
    saveDraft(owner, {
      major: '数学',
      picture: { file: photo, url: 'blob:x' },
      name: '张三',
      idCard: '520102199001010011',
    });
    const draft = loadDraft(owner)!;
    expect(draft).not.toHaveProperty('picture'); // kept only through savePhotoDraft
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

  it('keeps a chosen photo and restores it with the values as a file and a preview', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    const photo = new File([bytes], 'me.jpg', { type: 'image/jpeg' });
    saveDraft(owner, { major: '数学' });
    expect(await savePhotoDraft(owner, photo)).toBe(true);
    const draft = loadDraft(owner)!;
    expect(draft.major).toBe('数学');
    expect(draft.picture?.url).toMatch(/^data:image\/jpeg;base64,/);
    const file = draft.picture!.file!;
    expect(file.name).toBe('me.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(loadDraft({ ...owner, enrollId: 42 })).toBeNull(); // not into an edit

    expect(await savePhotoDraft(owner, undefined)).toBe(false); // the photo removed again
    expect(loadDraft(owner)).not.toHaveProperty('picture');
  });

  it('a photo alone is a draft too, and goes with the draft when cleared', async () => {
    await savePhotoDraft(owner, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(loadDraft(owner)?.picture?.file?.name).toBe('me.png');
    clearDraft(owner);
    expect(loadDraft(owner)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('downscales a large photo to a JPEG before storing it', async () => {
    const large = new File([new Uint8Array(PHOTO_KEEP_AS_IS_BYTES + 1)], 'big.png', { type: 'image/png' });
    const shrink = vi.fn(async () => 'data:image/jpeg;base64,/9j/2Q==');
    expect(await savePhotoDraft(owner, large, shrink)).toBe(true);
    expect(shrink).toHaveBeenCalledWith(large);
    const restored = loadDraft(owner)!.picture!.file!;
    expect(restored.name).toBe('big.jpg');
    expect(restored.type).toBe('image/jpeg');
    expect(restored.size).toBe(4); // FF D8 FF D9
  });

  it('keeps no photo when it cannot be downscaled or the draft was cleared while it was read', async () => {
    const large = new File([new Uint8Array(PHOTO_KEEP_AS_IS_BYTES + 1)], 'big.png', { type: 'image/png' });
    expect(await savePhotoDraft(owner, large, async () => null)).toBe(false);
    expect(loadDraft(owner)).toBeNull();

    let finish: (url: string) => void = () => {};
    const slow = savePhotoDraft(owner, large, () => new Promise((r) => (finish = r)));
    await new Promise((r) => setTimeout(r, 0));
    clearDraft(owner); // submitted meanwhile
    finish('data:image/jpeg;base64,/9j/2Q==');
    expect(await slow).toBe(false);
    expect(loadDraft(owner)).toBeNull();
  });

  it('downscales to at most 600 px, never below the 200×280 minimum, never up', () => {
    expect(draftPhotoSize(1800, 2400)).toEqual({ width: 450, height: 600 });
    expect(draftPhotoSize(3000, 2000)).toEqual({ width: 600, height: 400 }); // 400 ≥ 280
    expect(draftPhotoSize(300, 1500)).toEqual({ width: 200, height: 1000 }); // the width floor wins
    expect(draftPhotoSize(413, 531)).toEqual({ width: 413, height: 531 });
  });
});
