import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { adminWith } from '../recruit-plan/fixtures';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
});
afterAll(() => t.close());

/** A multipart body: the field `kind` first, then the file `file`. */
function upload(kind: string | null, file: { data: Buffer; name: string; type: string }) {
  const boundary = `----tegang${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  if (kind !== null)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const send = (kind: string | null, file: { data: Buffer; name: string; type: string }, as = token) => {
  const { body, headers } = upload(kind, file);
  return t.call<{ url: string; key: string }>('POST', '/file/upload', { token: as, body, headers });
};

const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#409eff' } })
    .png()
    .toBuffer();

/** Stored files under the website folder. */
const stored = () => {
  const dir = path.join(t.filesDir, 'website');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /file/upload (spec §5 Uploads, §7 Files)', () => {
  it('stores a PNG renamed .txt (sniffed by content) and serves it with type and cache headers', async () => {
    const answer = await send('logo', { data: await png(), name: 'logo.txt', type: 'text/plain' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.url).toMatch(/^\/file\/view\/website\/[0-9a-f-]{36}\.png$/);
    const view = await t.app.inject({ method: 'GET', url: answer.body.data.url });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['cache-control']).toContain('max-age');
    expect(view.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(view.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([64, 32]);
  });

  it('re-encodes JPEG, stripping its metadata', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-exif-owner' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const answer = await send('indexPic', { data: jpeg, name: 'a.jpg', type: 'image/jpeg' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.url).toMatch(/\.jpg$/);
    const view = await t.app.inject({ method: 'GET', url: answer.body.data.url });
    expect(view.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(view.rawPayload).metadata()).exif).toBeUndefined();
    expect(view.rawPayload.includes(Buffer.from('secret-exif-owner'))).toBe(false);
  });

  it('refuses a text file named .png, an SVG, a missing file or an unknown kind (400, nothing stored)', async () => {
    const before = stored().length;
    const text = await send('logo', {
      data: Buffer.from('hello, not an image'),
      name: 'x.png',
      type: 'image/png',
    });
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('只能上传 JPG、PNG、WebP 或 GIF 图片');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await send('logo', { data: svg, name: 'x.svg', type: 'image/svg+xml' })).status).toBe(400);
    const kind = await send('avatar', { data: await png(), name: 'x.png', type: 'image/png' });
    expect(kind.status).toBe(400);
    expect(kind.body.msg).toBe('上传类型无效');
    expect((await send(null, { data: await png(), name: 'x.png', type: 'image/png' })).status).toBe(400);
    const plain = await t.call('POST', '/file/upload', { token, body: { kind: 'logo' } });
    expect(plain.status).toBe(400);
    expect(plain.body.msg).toBe('请选择要上传的文件');
    expect(stored().length).toBe(before);
  });

  it('limits the logo to 5 MB and the home picture to 10 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const logo = await send('logo', { data: big, name: 'big.png', type: 'image/png' });
    expect(logo.status).toBe(400);
    expect(logo.body.msg).toBe('文件大小不能超过5M');
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const pic = await send('indexPic', { data: huge, name: 'huge.png', type: 'image/png' });
    expect(pic.status).toBe(400);
    expect(pic.body.msg).toBe('文件大小不能超过10M');
    // A 6 MB picture is fine as a home picture.
    const noisy = await sharp(randomBytes(1500 * 1400 * 3), {
      raw: { width: 1500, height: 1400, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(noisy.length).toBeLessThan(10 * 1024 * 1024);
    expect((await send('indexPic', { data: noisy, name: 'n.png', type: 'image/png' })).status).toBe(200);
    expect((await send('logo', { data: noisy, name: 'n.png', type: 'image/png' })).body.msg).toBe(
      '文件大小不能超过5M',
    );
  });

  it('needs system:file:upload', async () => {
    const other = await adminWith(t, [PERMISSIONS.recruitPlan.list]);
    expect((await send('logo', { data: await png(), name: 'x.png', type: 'image/png' }, other)).status).toBe(
      403,
    );
    expect(
      (await t.call('GET', '/file/remove', { token: other, query: { fileUrl: '/file/view/website/x.png' } }))
        .status,
    ).toBe(403);
  });
});

describe('GET /file/view/* and GET /file/remove', () => {
  it('refuses keys outside website/ and path traversal (404)', async () => {
    for (const url of [
      '/file/view/enroll/photo/a.jpg',
      '/file/view/website/../../etc/passwd',
      '/file/view/website/%2e%2e%2fsecret.png',
      '/file/view/website/not-a-uuid.png',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('removes a website file; other addresses are 400', async () => {
    const { url } = (await send('logo', { data: await png(), name: 'x.png', type: 'image/png' })).body.data;
    const removed = await t.call('GET', '/file/remove', { token, query: { fileUrl: url } });
    expect(removed.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const absolute = await t.call('GET', '/file/remove', {
      token,
      query: { fileUrl: `https://x.org${url}` },
    });
    expect(absolute.status).toBe(200);
    for (const fileUrl of ['/file/view/enroll/photo/a.jpg', '/file/view/website/../../x', '../../etc/passwd'])
      expect((await t.call('GET', '/file/remove', { token, query: { fileUrl } })).status).toBe(400);
  });
});
