import fs from 'node:fs';
import sharp, { type JpegOptions } from 'sharp';

/**
 * The apply bench's photograph: BENCH_PHOTO (a real ~100 KB JPEG) when set and present, else a
 * photograph-like synthetic JPEG (gradients under per-pixel noise, 900×1260, ~100 KB): a solid-colour
 * image normalises in a fraction of a real photo's time and would overstate the apply rate.
 */
export async function benchPhoto(): Promise<{ data: Buffer; source: string }> {
  const file = process.env.BENCH_PHOTO;
  if (file && fs.existsSync(file)) return { data: fs.readFileSync(file), source: file.split('/').at(-1)! };
  const width = 900;
  const height = 1260;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 25;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const face = (x - 450) ** 2 / 300 ** 2 + (y - 500) ** 2 / 380 ** 2 < 1;
      pixels[i] = Math.min(255, (face ? 210 : (x * 200) / width) + noise());
      pixels[i + 1] = Math.min(255, (face ? 170 : (y * 180) / height) + noise());
      pixels[i + 2] = Math.min(255, (face ? 140 : 120 + ((x + y) % 97)) + noise());
    }
  const data = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 80 })
    .toBuffer();
  return { data, source: 'synthetic' };
}

/**
 * The encoders of the photo normalising compared on one photograph (spec §5 "Photo": fitted inside
 * 390×540, JPEG): ms of CPU-bound wall time per photo (sequential, one libvips thread), bytes, and the
 * quality against the same resized pixels before encoding: PSNR (dB) and mean SSIM of 8×8 luma windows.
 */
export async function encoderComparison(input: Buffer, rounds = 40) {
  const resized = () =>
    sharp(input).rotate().resize(390, 540, { fit: 'inside', withoutEnlargement: true }).flatten({
      background: '#ffffff',
    });
  const reference = await resized().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = reference.info;
  const settings: Record<string, JpegOptions> = {
    'mozjpeg q88': { quality: 88, mozjpeg: true },
    'libjpeg q88 optimised Huffman (the project)': { quality: 88, optimiseCoding: true },
    'libjpeg q88 plain': { quality: 88 },
    'libjpeg q85 optimised Huffman': { quality: 85, optimiseCoding: true },
  };
  const results = [];
  for (const [name, options] of Object.entries(settings)) {
    const encode = () => resized().jpeg(options).toBuffer();
    for (let i = 0; i < 5; i++) await encode();
    const times: number[] = [];
    let out = Buffer.alloc(0);
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      out = await encode();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const decoded = await sharp(out).removeAlpha().raw().toBuffer();
    results.push({
      encoder: name,
      msMedian: Math.round(times[times.length >> 1]! * 10) / 10,
      bytes: out.length,
      psnrDb: Math.round(psnr(reference.data, decoded) * 100) / 100,
      ssim: Math.round(ssim(reference.data, decoded, width, height) * 10000) / 10000,
    });
  }
  return { width, height, results };
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

/** Mean SSIM over 8×8 windows of the luma (BT.601), constants of Wang et al. 2004. */
function ssim(a: Buffer, b: Buffer, width: number, height: number): number {
  const luma = (p: Buffer, i: number) => 0.299 * p[i * 3]! + 0.587 * p[i * 3 + 1]! + 0.114 * p[i * 3 + 2]!;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let y0 = 0; y0 + 8 <= height; y0 += 4)
    for (let x0 = 0; x0 + 8 <= width; x0 += 4) {
      let ma = 0;
      let mb = 0;
      let va = 0;
      let vb = 0;
      let cov = 0;
      for (let y = y0; y < y0 + 8; y++)
        for (let x = x0; x < x0 + 8; x++) {
          const la = luma(a, y * width + x);
          const lb = luma(b, y * width + x);
          ma += la;
          mb += lb;
          va += la * la;
          vb += lb * lb;
          cov += la * lb;
        }
      const n = 64;
      ma /= n;
      mb /= n;
      va = va / n - ma * ma;
      vb = vb / n - mb * mb;
      cov = cov / n - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  return total / windows;
}

// `tsx packages/server/bench/photo.ts`: the encoder comparison alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  sharp.concurrency(1);
  const { data, source } = await benchPhoto();
  console.log(JSON.stringify({ source, inputBytes: data.length, ...(await encoderComparison(data)) }));
}
