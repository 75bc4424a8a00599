/**
 * Hostile and ordinary rich text with what the one rich-text policy (src/rich-text.ts) keeps of it,
 * as the server stores it (server lib/html.ts sanitizeRichText, exact) and as the web renders it
 * (web components/safe-html.tsx SafeHtml, same elements, attributes and text): the server's and the
 * web's tests both read these cases, so the two sides are held to the same answer.
 */
export const RICH_TEXT_CASES: readonly { name: string; html: string; kept: string }[] = [
  {
    name: 'script and style with their content',
    html: '<p>通知<script>alert(1)</script><style>p{color:red}</style></p>',
    kept: '<p>通知</p>',
  },
  {
    name: 'event handlers, classes and styles',
    html: '<p onclick="steal()" class="x" style="color:red">段落<b onmouseover="x()">粗</b></p>',
    kept: '<p>段落<b>粗</b></p>',
  },
  {
    name: 'an image with onerror, an iframe, an svg with script',
    html: '<p>a<img src=x onerror="alert(2)">b</p><iframe src="https://evil.example">c</iframe><svg><script>alert(3)</script><text>d</text></svg>',
    kept: '<p>ab</p>',
  },
  {
    name: 'javascript:, data: and relative links lose their href; an empty one goes',
    html: '<a href="javascript:alert(3)">坏</a><a href=" JaVaScRiPt:alert(4)">坏2</a><a href="data:text/html,x">数据</a><a href="/x">相对</a><a href="javascript:x()"></a>',
    kept: '<a>坏</a><a>坏2</a><a>数据</a><a>相对</a>',
  },
  {
    name: 'http(s) and mailto links open in a new tab',
    html: '<a href="https://example.org/a" onmouseover="x()">好</a> <a href="mailto:hr@example.org" target="_self">邮件</a>',
    kept: '<a href="https://example.org/a" rel="noopener noreferrer" target="_blank">好</a> <a href="mailto:hr@example.org" rel="noopener noreferrer" target="_blank">邮件</a>',
  },
  {
    name: 'tags outside the list keep their text',
    html: '<h1>大标题</h1><h2>标题</h2><div><span>块</span></div><o:p>词</o:p>',
    kept: '大标题<h2>标题</h2>块词',
  },
  {
    name: 'a table keeps whole-number spans 1–100 only',
    html: '<table border=1><caption>日程</caption><thead><tr><th colspan="2" width="100">时间</th></tr></thead><tbody><tr><td rowspan=" 2 ">上午</td><td colspan="javascript:1">科目</td><td colspan="101">x</td></tr></tbody></table>',
    kept: '<table><caption>日程</caption><thead><tr><th colspan="2">时间</th></tr></thead><tbody><tr><td rowspan="2">上午</td><td>科目</td><td>x</td></tr></tbody></table>',
  },
  {
    name: 'text that looks like markup stays text',
    html: '<p>1 &lt; 2 &amp; &lt;script&gt;</p>',
    kept: '<p>1 &lt; 2 &amp; &lt;script&gt;</p>',
  },
];
