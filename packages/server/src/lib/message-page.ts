import { translate, type Lang, type MessageKey } from '@tegang/domain';

/**
 * The Content-Security-Policy of the server's own small pages (the ticket check, a refused download):
 * no script at all, the inline <style> and data: images only, nothing framed or framing them.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `text` with HTML's five special characters escaped. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The shell of the server's small phone pages: `title` (already escaped) as <title> and <h1>, the
 * common style plus `style`, and `body` (already escaped HTML) inside <main>. Served with {@link PAGE_CSP}.
 */
export function phonePage(lang: Lang, title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f6f8;color:#1f2328}
main{max-width:480px;margin:0 auto;padding:16px}
h1{font-size:18px;margin:8px 0 12px}
.bad{background:#fdecea;color:#a4161a;border:1px solid #f1a9a5}
${style}</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
}

/**
 * A phone-sized HTML page that says one thing: the title (catalogue key), the message (already in
 * `lang`) and a hint (catalogue key); every text escaped. Served with {@link PAGE_CSP}.
 */
export function messagePage(lang: Lang, titleKey: MessageKey, message: string, hintKey: MessageKey): string {
  return phonePage(
    lang,
    escapeHtml(translate(lang, titleKey)),
    `<div class="msg bad" role="alert">${escapeHtml(message)}</div>\n<p>${escapeHtml(translate(lang, hintKey))}</p>`,
    '.msg{padding:12px 14px;border-radius:8px;font-size:16px}\np{color:#57606a;font-size:15px;line-height:1.6}\n',
  );
}
