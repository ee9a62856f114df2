/** How a brand dresses its e-mails (§1 white-label). */
export interface MailBrand {
  name: string;
  primaryColor: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The HTML body beside the text one: the same words (codes read the same in either), one paragraph per
 * line, under the brand's name in its colour. Inline styles only: mail clients drop <style> blocks.
 */
export function mailHtml(text: string, brand: MailBrand): string {
  const paragraphs = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
    .join('');
  const name = escapeHtml(brand.name);
  return (
    `<!doctype html><html lang="es-CL"><head><meta charset="utf-8"><title>${name}</title></head>` +
    `<body style="margin:0;font-family:Arial,sans-serif;color:#1a1a1a">` +
    `<div style="background:${brand.primaryColor};color:#ffffff;padding:16px;font-size:20px;font-weight:bold">${name}</div>` +
    `<div style="padding:16px;font-size:15px;line-height:1.5">${paragraphs}</div></body></html>`
  );
}
