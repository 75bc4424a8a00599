import dayjs from 'dayjs';
import { PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '@tegang/domain';
import type { EnrollFormValues } from './enroll-form-values';
import type { PhotoValue } from './photo-upload';

/**
 * The unsubmitted draft of the application form: a reload must not lose 25 fields. The
 * values are kept in sessionStorage (this tab only, gone with it), one draft per plan and candidate;
 * an edit's draft remembers the enrolment it belongs to. The name and ID number are left out (always
 * the account's). A newly chosen photo is kept beside it as a data URL (a restored draft without
 * its photo failed on submit): as chosen up to PHOTO_KEEP_AS_IS_BYTES, otherwise
 * downscaled to a JPEG of at most PHOTO_DRAFT_MAX_SIDE px so that it fits sessionStorage.
 */

/** How long the form waits after a change before saving the draft. */
export const DRAFT_SAVE_DELAY_MS = 500;

const PREFIX = 'tegang.enrollDraft';

/** Whose draft: the plan, the candidate and, for an edit, the enrolment. */
export interface DraftOwner {
  planId: number;
  candidateId: number | string | null | undefined;
  /** The enrolment being edited; undefined for a new application. */
  enrollId?: number;
}

/** The stored draft: the form's values with the date as text. */
interface StoredDraft {
  enrollId: number | null;
  values: Record<string, unknown>;
}

/** Fields never kept in a draft. */
const NOT_KEPT = new Set<string>(['picture', 'name', 'idCard']);

const keyOf = (owner: DraftOwner) => `${PREFIX}.${owner.planId}.${owner.candidateId ?? 'anonymous'}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, policies): no draft, the form still works
  }
}

/**
 * Saves the form's values as the draft of `owner` (without the name and ID number, and without the
 * photo, which savePhotoDraft keeps when it is chosen).
 */
export function saveDraft(owner: DraftOwner, values: Partial<EnrollFormValues>): void {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (NOT_KEPT.has(key) || value === undefined || value === null || value === '') continue;
    kept[key] = key === 'graduationDate' && dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value;
  }
  const draft: StoredDraft = { enrollId: owner.enrollId ?? null, values: kept };
  try {
    storage()?.setItem(keyOf(owner), JSON.stringify(draft));
  } catch {
    // quota exceeded: the draft is a convenience, never an error
  }
}

/**
 * The draft of `owner` as form values, its photo included as `picture` ({file, url: a data URL}),
 * or null when there is none, it is unreadable or it belongs to another enrolment (a new
 * application's draft is not restored into an edit, and the other way round).
 */
export function loadDraft(owner: DraftOwner): Partial<EnrollFormValues> | null {
  const raw = storage()?.getItem(keyOf(owner));
  const picture = loadPhotoDraft(owner);
  if (!raw) return picture ? { picture } : null;
  try {
    const draft = JSON.parse(raw) as StoredDraft;
    if ((draft.enrollId ?? null) !== (owner.enrollId ?? null) || typeof draft.values !== 'object')
      return null;
    const values: Record<string, unknown> = { ...draft.values };
    for (const key of NOT_KEPT) delete values[key];
    if (typeof values.graduationDate === 'string') {
      const date = dayjs(values.graduationDate);
      values.graduationDate = date.isValid() ? date : undefined;
    }
    if (picture) values.picture = picture;
    return Object.keys(values).length ? (values as Partial<EnrollFormValues>) : null;
  } catch {
    return null;
  }
}

/** Removes the draft of `owner` and its photo (after a successful submit, or when the candidate discards it). */
export function clearDraft(owner: DraftOwner): void {
  const key = keyOf(owner);
  cleared.set(key, (cleared.get(key) ?? 0) + 1); // a photo still being read is not stored afterwards
  storage()?.removeItem(key);
  storage()?.removeItem(photoKeyOf(owner));
}

/** A chosen photo up to this size (bytes) is kept as it is; a larger one is downscaled first. */
export const PHOTO_KEEP_AS_IS_BYTES = 600 * 1024;
/** The longest side (px) of a downscaled draft photo. */
export const PHOTO_DRAFT_MAX_SIDE = 600;

/** The stored photo of a draft. */
interface StoredPhoto {
  enrollId: number | null;
  name: string;
  dataUrl: string;
}

/** How many times each draft was cleared: a photo read before a clear is not stored after it. */
const cleared = new Map<string, number>();

const photoKeyOf = (owner: DraftOwner) => `${keyOf(owner)}.photo`;

/** The contents of a file as a data URL. */
function readDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/**
 * The pixel size of a downscaled draft photo: the longest side at most `maxSide`, never below the
 * photo minimum (PHOTO_MIN_WIDTH × PHOTO_MIN_HEIGHT) the server checks, never enlarged.
 */
export function draftPhotoSize(
  width: number,
  height: number,
  maxSide: number = PHOTO_DRAFT_MAX_SIDE,
): { width: number; height: number } {
  const floor = Math.max(PHOTO_MIN_WIDTH / width, PHOTO_MIN_HEIGHT / height);
  const scale = Math.min(1, Math.max(maxSide / Math.max(width, height), floor));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * Downscales an image file in the browser (canvas) to a JPEG data URL of draftPhotoSize; null when
 * the image cannot be decoded or drawn.
 */
export async function shrinkPhoto(file: File): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement | null>((resolve) => {
      const image = new window.Image();
      image.onload = () => resolve(image);
      image.onerror = () => resolve(null);
      image.src = url;
    });
    if (!img) return null;
    const size = draftPhotoSize(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#fff'; // a transparent PNG turns white, not black, as a JPEG
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(img, 0, 0, size.width, size.height);
    return canvas.toDataURL('image/jpeg', 0.9);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Keeps `file`, the photo just chosen, with the draft of `owner` (undefined: removes the draft's
 * photo). Resolves true when it was stored; false when it could not be read or stored (storage full
 * or disabled) or the draft was cleared meanwhile (submitted): the draft then has no photo, as before.
 * `shrink` downscales a large photo (shrinkPhoto; replaced in tests, jsdom has no canvas).
 */
export async function savePhotoDraft(
  owner: DraftOwner,
  file: File | undefined,
  shrink: (file: File) => Promise<string | null> = shrinkPhoto,
): Promise<boolean> {
  const key = photoKeyOf(owner);
  const generation = cleared.get(keyOf(owner)) ?? 0;
  if (!file) {
    storage()?.removeItem(key);
    return false;
  }
  const store = (dataUrl: string | null, name: string) => {
    if (!dataUrl || (cleared.get(keyOf(owner)) ?? 0) !== generation) return false;
    const photo: StoredPhoto = { enrollId: owner.enrollId ?? null, name, dataUrl };
    try {
      storage()?.setItem(key, JSON.stringify(photo));
      return storage() !== null;
    } catch {
      return false; // quota exceeded
    }
  };
  const jpegName = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;
  try {
    if (file.size <= PHOTO_KEEP_AS_IS_BYTES && store(await readDataUrl(file), file.name)) return true;
    storage()?.removeItem(key); // no older photo restored in place of this one
    return store(await shrink(file), jpegName);
  } catch {
    return false;
  }
}

/** A data URL back as a file; null when it is not a base64 data URL. */
function fileOfDataUrl(dataUrl: string, name: string): File | null {
  const match = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl);
  if (!match) return null;
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type: match[1] });
}

/** The draft photo of `owner` as the form's photo value (file and preview URL), or null. */
function loadPhotoDraft(owner: DraftOwner): PhotoValue | null {
  const raw = storage()?.getItem(photoKeyOf(owner));
  if (!raw) return null;
  try {
    const photo = JSON.parse(raw) as StoredPhoto;
    if ((photo.enrollId ?? null) !== (owner.enrollId ?? null) || typeof photo.dataUrl !== 'string')
      return null;
    const file = fileOfDataUrl(photo.dataUrl, photo.name || 'photo.jpg');
    return file ? { file, url: photo.dataUrl } : null;
  } catch {
    return null;
  }
}
