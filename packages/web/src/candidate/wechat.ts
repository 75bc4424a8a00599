/**
 * How the candidate's browser gets a PDF (the admission ticket, the enrolment form). WeChat's in-app
 * browser blocks file downloads: there the link opens in a new page and the page explains how to
 * continue in a real browser (components/wechat-guide.tsx); everywhere else the PDF is fetched and
 * saved (packages/web/src/api/download.ts).
 */

/** True in WeChat's in-app browser (its user agent contains "MicroMessenger"). */
export function isWeChat(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * Opens a link in a new page (WeChat: the PDF is previewed there, or WeChat offers to open it in the
 * system browser). Returns false when the browser refused the new page (a blocked pop-up: the link
 * was fetched after a network call, outside the tap): the caller then shows the link to tap.
 */
export function openInNewPage(url: string): boolean {
  const page = window.open(url, '_blank');
  if (!page) return false;
  page.opener = null;
  return true;
}
