import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import { PERMISSIONS, UPLOAD_KINDS, uploadedFileSchema, type UploadKind } from '@tegang/domain';
import { ok } from '../../lib/envelope';
import { envelopeOf } from '../../lib/fast-response';
import { AppError, badRequest, notFound } from '../../lib/errors';

/** Accepted pictures, sniffed by content (never by name or declared type); SVG is refused. */
const IMAGE_TYPES: Record<string, { ext: 'jpg' | 'png' | 'webp' | 'gif'; mime: string }> = {
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
  'image/gif': { ext: 'gif', mime: 'image/gif' },
};
const MIME_OF_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** Storage keys of website pictures: website/<uuid>.<ext>. */
const WEBSITE_KEY =
  /^website\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif)$/;
const VIEW_PREFIX = '/file/view/';
const MAX_UPLOAD = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));

const isKind = (value: unknown): value is UploadKind =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_KINDS, value);

/** Reads the multipart upload: the field `kind` (or ?kind=) and the one file `file`. */
async function readUpload(req: FastifyRequest): Promise<{ kind: UploadKind; data: Buffer }> {
  if (!req.isMultipart()) throw badRequest('file.required');
  const query = req.query as { kind?: unknown };
  let kind: unknown = query.kind;
  let data: Buffer | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file' && buffer.length) data = buffer;
      } else if (part.fieldname === 'kind') kind = part.value;
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(isKind(kind) ? UPLOAD_KINDS[kind].sizeKey : 'file.size.indexPic');
    // Anything else is the client's body (cut short, malformed): 400, never 500.
    throw badRequest('error.multipart');
  }
  if (!isKind(kind)) throw badRequest('file.kind');
  if (!data) throw badRequest('file.required');
  if (data.length > UPLOAD_KINDS[kind].maxBytes) throw badRequest(UPLOAD_KINDS[kind].sizeKey);
  return { kind, data };
}

/** Checks the picture by content and re-encodes it (orientation applied, metadata stripped). */
async function normalizePicture(data: Buffer): Promise<{ ext: string; data: Buffer }> {
  const sniffed = await fileTypeFromBuffer(data);
  const type = sniffed ? IMAGE_TYPES[sniffed.mime] : undefined;
  if (!type) throw badRequest('file.type');
  try {
    const animated = type.ext === 'gif' || type.ext === 'webp';
    let image = sharp(data, { failOn: 'error', limitInputPixels: 40_000_000, animated }).rotate();
    if (type.ext === 'jpg') image = image.jpeg({ quality: 90, mozjpeg: true });
    else if (type.ext === 'png') image = image.png();
    else if (type.ext === 'webp') image = image.webp({ quality: 90 });
    else image = image.gif();
    return { ext: type.ext, data: await image.toBuffer() };
  } catch {
    throw badRequest('file.type');
  }
}

/** The storage key behind a file URL ('/file/view/website/….png', absolute or not), or null. */
export function keyOfFileUrl(fileUrl: string): string | null {
  let pathname = fileUrl.trim();
  try {
    pathname = new URL(pathname, 'http://local').pathname;
  } catch {
    return null;
  }
  if (!pathname.startsWith(VIEW_PREFIX)) return null;
  const key = pathname.slice(VIEW_PREFIX.length);
  return WEBSITE_KEY.test(key) ? key : null;
}

const tags = ['file'];
/** Route config of a write on website pictures: the upload permission, logged as module 'file' (1 add, 3 delete). */
const uploaderConfig = (businessType: '1' | '3') => ({
  access: { permission: PERMISSIONS.file.upload },
  audit: { module: 'file', businessType },
});

/**
 * Files (spec §7 "Files and others", §5 "Uploads"): website pictures (logo ≤ 5 MB, home
 * picture ≤ 10 MB) uploaded, served and removed. Only JPEG, PNG, WebP and GIF, sniffed by content
 * and re-encoded; stored under website/<uuid>.<ext>.
 */
export async function fileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  app.post(
    '/file/upload',
    {
      config: uploaderConfig('1'),
      schema: {
        tags,
        summary:
          "Uploads a website picture (multipart `file`, field `kind` 'logo' ≤ 5 MB or 'indexPic' ≤ 10 MB); data is {url}",
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(uploadedFileSchema) },
      },
    },
    async (req) => {
      const { data } = await readUpload(req);
      const picture = await normalizePicture(data);
      const key = `website/${randomUUID()}.${picture.ext}`;
      await ctx.storage.put(key, picture.data);
      return ok(req, { url: `${VIEW_PREFIX}${key}`, key });
    },
  );

  app.get(
    '/file/view/*',
    {
      config: { access: { open: true } },
      schema: {
        tags,
        summary: 'Serves a website picture (website/<uuid>.<ext>; the bytes: no JSON response schema)',
      },
    },
    async (req, reply) => {
      let key: string;
      try {
        key = decodeURIComponent((req.params as { '*': string })['*'] ?? '');
      } catch {
        throw notFound(); // a broken escape ('%', '%E4%B8') names no file (bad input is a 4xx, never a 500)
      }
      if (!WEBSITE_KEY.test(key)) throw notFound();
      const data = await ctx.storage.get(key);
      if (!data) throw notFound();
      return reply
        .header('content-type', MIME_OF_EXT[key.slice(key.lastIndexOf('.') + 1)]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(data);
    },
  );

  app.get(
    '/file/remove',
    {
      config: uploaderConfig('3'),
      schema: {
        tags,
        summary: 'Removes an uploaded website picture (?fileUrl=/file/view/website/…)',
        querystring: z.object({ fileUrl: z.string({ error: 'file.url' }).max(500) }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      const key = keyOfFileUrl(req.query.fileUrl);
      if (!key) throw new AppError(400, 'file.url');
      await ctx.storage.remove(key);
      return ok(req, null, 'common.deleted');
    },
  );
}
