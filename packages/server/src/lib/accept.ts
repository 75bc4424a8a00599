/** True when the Accept header ranks application/json above text/html (no header: the HTML page). */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  let json = 0;
  let html = 0;
  let htmlExplicit = false;
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) || 0 : 1;
    if (type === 'application/json') json = Math.max(json, q);
    else if (type === 'text/html') {
      html = Math.max(html, q);
      htmlExplicit = true;
    } else if (type === 'text/*' && !htmlExplicit) html = Math.max(html, q);
  }
  return json > 0 && json > html;
}
