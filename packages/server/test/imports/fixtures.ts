import ExcelJS from 'exceljs';
import { jobFinished, type ImportErrorView, type ImportJobView, type Page } from '@tegang/domain';
import type { TestApp } from '../helpers';

/** An .xlsx with `rows` (the first row is the header) on its first sheet. */
export async function workbook(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with the file as field `file` and the text `fields`. */
export function fileUpload(data: Buffer, fields: Record<string, string> = {}, name = 'import.xlsx') {
  const boundary = `----tegang${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs the upload to `url` as the admin `token`: the raw answer. */
export async function postImport(
  t: TestApp,
  url: string,
  token: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const upload = fileUpload(data, fields);
  const raw = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...upload.headers, authorization: `Bearer ${token}`, 'accept-language': 'zh' },
    payload: upload.body,
  });
  return { status: raw.statusCode, body: raw.json() as { code: number; msg: string; data: { id: number } } };
}

/** Polls `${base}/checkImport/{id}` until the job is finished (≤ 30 s); the final view. */
export async function waitForImport(
  t: TestApp,
  base: string,
  id: number,
  token: string,
): Promise<ImportJobView> {
  const until = Date.now() + 30_000;
  for (;;) {
    const { body } = await t.call<ImportJobView>('GET', `${base}/checkImport/${id}`, { token });
    if (body.code !== 200) throw new Error(`checkImport ${id}: ${body.code} ${body.msg}`);
    if (jobFinished(body.data.status)) return body.data;
    if (Date.now() > until) throw new Error(`import ${id} did not finish: ${JSON.stringify(body.data)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Every problem of job `id` (first page of 100). */
export async function importIssues(t: TestApp, base: string, id: number, token: string) {
  const { body } = await t.call<Page<ImportErrorView>>('GET', `${base}/pageImportError`, {
    token,
    query: { id, current: 1, size: 100 },
  });
  return body.data;
}
