import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction, Page } from '@tegang/domain';
import { createTestApp, type TestApp } from '../helpers';
import { makeAdmin, makeCandidate, openPlanAndDemand } from '../enroll/fixtures';

/**
 * A table pasted from Word into the notice editor (it used to collapse into one line):
 * the instruction policy keeps the table markup and the cells' spans, drops Word's mso-* styles,
 * classes, <o:p> and conditional comments, and the candidate reads the table back.
 */
const URL = '/recruit/instruction';

/** What Word 2016 puts on the clipboard for a small schedule (trimmed, same shapes). */
const WORD = [
  '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{mso-style-parent:"";}</style>',
  '<xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml></head><body>',
  '<!--StartFragment--><p class=MsoNormal>考试安排<o:p></o:p></p>',
  '<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style="border-collapse:collapse;mso-yfti-tbllook:1184">',
  '<thead><tr style="mso-yfti-irow:0"><th colspan=2 style="width:200pt;mso-border-alt:solid windowtext .5pt">',
  '<p class=MsoNormal><span style="mso-bidi-font-family:宋体">时间</span><o:p></o:p></p></th>',
  '<th onclick="x()">科目</th></tr></thead>',
  '<tbody><tr><td rowspan="2" width=100 valign=top>7月1日</td><td>上午</td><td>教育综合<![if !supportLists]>x<![endif]></td></tr>',
  '<tr><td>下午</td><td colspan="javascript:1">学科专业</td></tr></tbody></table>',
  '<!--EndFragment--></body></html>',
].join('');

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await makeAdmin(t, {});
});
afterAll(() => t.close());

describe('a table pasted from Word into the enrolment notice', () => {
  it('is kept with its spans, without Word styles, and the candidate reads it', async () => {
    const { plan } = await openPlanAndDemand(t);
    const page = await t.call<Page<Instruction>>('GET', `${URL}/page`, {
      token,
      query: { planId: plan.id, type: '1' },
    });
    const seeded = page.body.data.records[0]!;
    const saved = await t.secure(
      'PUT',
      URL,
      { id: seeded.id, planId: plan.id, type: '1', context: WORD },
      { token },
    );
    expect(saved.status).toBe(200);

    const candidate = await makeCandidate(t);
    const notice = await t.call<{ context: string }>('GET', `/api/instruction/getEnrollNotice/${plan.id}`, {
      candidateToken: candidate.token,
    });
    expect(notice.status).toBe(200);
    const html = notice.body.data.context;
    expect(html).toMatch(/^<p>考试安排<\/p><table><thead><tr><th colspan="2"><p>/);
    expect(html).toContain('<p>时间</p></th><th>科目</th></tr></thead>');
    expect(html).toContain('<tbody><tr><td rowspan="2">7月1日</td><td>上午</td><td>教育综合');
    expect(html).toContain('<tr><td>下午</td><td>学科专业</td></tr></tbody></table>');
    expect(html).not.toMatch(/mso|class=|style|o:p|<xml|onclick|width|valign|border|StartFragment|AllowPNG/i);
  });
});
