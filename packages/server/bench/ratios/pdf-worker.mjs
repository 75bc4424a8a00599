// A worker thread of the raw pdfkit ceiling (bench/ratios/raw-jobs.ts `pdf`): draws an admission
// ticket page equivalent to the project's (title, subtitle, a bordered table of 12 labelled cells, the
// photo at the top right, the numbered exam-room notice, a 25 mm QR code, a footer) with pdfkit and the
// same Noto Sans SC fonts, parsed once per thread. Each message {index, outDir} renders one ticket,
// writes it to outDir/<index>.pdf and answers the byte count.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const font = async (weight) =>
  fontkit.create(
    await fs.readFile(require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`)),
  );
const [regular, bold] = await Promise.all([font('400Regular'), font('700Bold')]);
const photo = await fs.readFile(workerData.photoFile);
const MM = 72 / 25.4;
const NOTICE = [
  '考生须持准考证和身份证入场。',
  '开考 15 分钟后不得入场，考试结束前 30 分钟方可交卷离场。',
  '严禁携带手机等通信工具进入考场，已携带的须关机并交监考人员保管。',
];

function render(i) {
  const doc = new PDFDocument({ size: 'A4', margin: 15 * MM, lang: 'zh-CN', info: { Title: '准考证' } });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 15 * MM;
  const width = doc.page.width - 30 * MM;
  doc
    .font('bold')
    .fontSize(16)
    .text('2027年贵州省特岗教师招聘 准考证', left, 15 * MM, { width, align: 'center' });
  const number = `2027520102${String(1 + Math.floor(i / 30)).padStart(3, '0')}${String(1 + (i % 30)).padStart(2, '0')}`;
  doc.font('regular').fontSize(10).text(`准考证号：${number}`, { width, align: 'center' });
  const cells = [
    ['姓名', `考生${i}`],
    ['身份证号', '520102199601010011'],
    ['准考证号', number],
    ['报考县（区）', '南明区'],
    ['报考学段', '小学'],
    ['报考学科', '语文'],
    ['考试日期', '2027-07-18'],
    ['考试时间', '09:00-11:30'],
    ['考点', '贵阳市第一中学'],
    ['考点地址', '贵阳市南明区中华南路 1 号'],
    ['考场号', String(1 + Math.floor(i / 30)).padStart(3, '0')],
    ['座位号', String(1 + (i % 30)).padStart(2, '0')],
  ];
  let y = doc.y + 10;
  const photoW = 35 * MM;
  const labelW = 28 * MM;
  doc.rect(left + width - photoW, y, photoW, 49 * MM).stroke();
  doc.image(photo, left + width - photoW + 3, y + 3, { fit: [photoW - 6, 49 * MM - 6], align: 'center' });
  for (const [n, [label, value]] of cells.entries()) {
    const w = n < 6 ? width - photoW : width;
    const h = 22;
    doc.rect(left, y, labelW, h).fillAndStroke('#f0f0f0', '#000');
    doc.rect(left + labelW, y, w - labelW, h).stroke();
    doc
      .fillColor('#000')
      .font('bold')
      .fontSize(10)
      .text(label, left + 4, y + 6, { width: labelW - 8 });
    doc.font('regular').text(value, left + labelW + 4, y + 6, { width: w - labelW - 8 });
    y += n === 5 ? Math.max(h, 49 * MM - 5 * h) : h;
  }
  doc
    .font('bold')
    .fontSize(11)
    .text('考场须知', left, y + 12);
  doc.font('regular').fontSize(10);
  for (const [n, line] of NOTICE.entries()) doc.text(`${n + 1}. ${line}`, { width });
  const { modules } = QRCode.create(`https://tegang.example.gov.cn/verify?t=${number}`, {
    errorCorrectionLevel: 'M',
  });
  const size = 25 * MM;
  const cell = size / modules.size;
  const qx = left + width - size;
  const qy = doc.page.height - 15 * MM - size - 20;
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c)) doc.rect(qx + c * cell, qy + r * cell, cell, cell);
  doc.fill('#000');
  doc.fontSize(8).text('2027 · 贵州省特岗教师招聘 · 扫码核验', left, doc.page.height - 15 * MM - 12, {
    width,
    align: 'center',
  });
  doc.end();
  return done;
}

parentPort.on('message', async ({ index, outDir }) => {
  const pdf = await render(index);
  await fs.writeFile(`${outDir}/${index}.pdf`, pdf);
  parentPort.postMessage(pdf.length);
});
