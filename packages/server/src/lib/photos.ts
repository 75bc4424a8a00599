import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { PHOTO_MAX_BYTES, PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH } from '@tegang/domain';
import { AppError } from './errors';

// libvips' operation cache keeps recent operations for reuse on the same input. Every image this
// process handles is new (an upload, a captcha), so the cache never hits and only costs its
// bookkeeping: with 32 photos in flight, 8.8 ms of CPU a photo with it, 8.4 ms without
// (docs/benchmarks.md). The setting is sharp's, for the whole process.
sharp.cache(false);

/**
 * Candidate photos (spec §5 "Photo"): JPEG or PNG sniffed by content (the name and the declared type are not
 * trusted), at most 2 MB, at least 200×280 px; normalised for printing: orientation applied,
 * metadata stripped, fitted inside 390×540 px (a 35×49 mm box at ~280 dpi), JPEG quality 88.
 */
export async function normalizePhoto(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new AppError(400, 'enroll.photo.required');
  if (input.length > PHOTO_MAX_BYTES) throw new AppError(400, 'enroll.photo.size');
  const type = await fileTypeFromBuffer(input);
  if (!type || (type.mime !== 'image/jpeg' && type.mime !== 'image/png'))
    throw new AppError(400, 'enroll.photo.type');
  let image: Sharp;
  let meta: Metadata;
  try {
    image = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate();
    meta = await image.metadata();
  } catch {
    throw new AppError(400, 'enroll.photo.type');
  }
  const [w, h] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (!w || !h || w < PHOTO_MIN_WIDTH || h < PHOTO_MIN_HEIGHT) {
    throw new AppError(400, 'enroll.photo.small', { width: PHOTO_MIN_WIDTH, height: PHOTO_MIN_HEIGHT });
  }
  try {
    return await image
      .resize(390, 540, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      // libjpeg with optimised Huffman tables: 12–14 ms a photo against 42–59 ms with mozjpeg, for
      // 13 % more bytes (docs/decisions.md "Photo encoder"): the apply burst of the last day is CPU-bound here.
      .jpeg({ quality: 88, optimiseCoding: true })
      .toBuffer();
  } catch {
    throw new AppError(400, 'enroll.photo.type');
  }
}

/**
 * The stored photo `key` of an enrolment for a form or ticket PDF (spec §5 "Photo"; docs/security.md
 * "Object storage"): null when the row names no photo; the bytes otherwise. A named photo whose file is
 * gone throws AppError 409 'file.photoMissing', so that no PDF is rendered and stored without it (a
 * blank copy would replace the stored one and be printed); storage errors (503) propagate.
 */
export async function requirePhoto(
  storage: { get(key: string): Promise<Buffer | null> },
  key: string | null,
): Promise<Buffer | null> {
  if (!key) return null;
  const photo = await storage.get(key);
  if (!photo) throw photoMissing();
  return photo;
}

/** The error of a named photo whose file is gone (see {@link requirePhoto}): 409 'file.photoMissing'. */
export const photoMissing = () => new AppError(409, 'file.photoMissing', {}, { picture: 'missing' });
