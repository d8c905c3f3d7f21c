import type { Language } from '../../i18n/languages';

/**
 * HTML for mail clients: one centred table 600 px wide, inline styles only, no external CSS, fonts or images
 * (Outlook, Gmail and Apple Mail drop or block them). Every value put into it goes through `escapeHtml`; the
 * pieces below take text and escape it themselves.
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** HTML that was built by these helpers (already escaped). */
export interface SafeHtml {
  html: string;
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937';

export function paragraph(text: string, style = ''): SafeHtml {
  return { html: `<p style="margin:0 0 16px;${FONT};${style}">${escapeHtml(text)}</p>` };
}

/** Text whose line breaks matter (a message, a transcript). */
export function block(text: string): SafeHtml {
  const lines = escapeHtml(text).replace(/\r?\n/g, '<br>');
  return {
    html: `<div style="margin:0 0 16px;padding:12px 16px;background:#f3f4f6;border-radius:6px;${FONT}">${lines}</div>`,
  };
}

export function heading(text: string): SafeHtml {
  return {
    html: `<h2 style="margin:0 0 12px;${FONT};font-size:17px;font-weight:bold;color:#0f1e3d">${escapeHtml(text)}</h2>`,
  };
}

export function fields(rows: Array<[label: string, value: string]>): SafeHtml {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;${FONT};color:#6b7280;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;${FONT};vertical-align:top">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return {
    html: `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px">${cells}</table>`,
  };
}

/** A link styled as a button (a table cell: works in Outlook too). Only http(s) addresses. */
export function button(label: string, href: string): SafeHtml {
  const url = safeUrl(href);
  return {
    html:
      `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>` +
      `<td style="background:#0f1e3d;border-radius:6px"><a href="${escapeHtml(url)}" ` +
      `style="display:inline-block;padding:12px 20px;${FONT};color:#ffffff;font-weight:bold;text-decoration:none">` +
      `${escapeHtml(label)}</a></td></tr></table>`,
  };
}

export function link(label: string, href: string): SafeHtml {
  return { html: `<a href="${escapeHtml(safeUrl(href))}" style="color:#0f1e3d">${escapeHtml(label)}</a>` };
}

function safeUrl(href: string): string {
  if (!/^https?:\/\//i.test(href)) throw new Error('Only http(s) links go into a mail');
  return href;
}

/** The whole document: the site's name as a header, the pieces, then a small footer. */
export function document(
  lang: Language,
  title: string,
  siteName: string,
  body: SafeHtml[],
  footer: SafeHtml[],
): string {
  const small = `${FONT};font-size:12px;color:#6b7280`;
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f9fafb">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f9fafb"><tr><td align="center" style="padding:24px 12px">` +
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px">` +
    `<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb;${FONT};font-size:18px;font-weight:bold;color:#0f1e3d">${escapeHtml(siteName)}</td></tr>` +
    `<tr><td style="padding:24px">${body.map((piece) => piece.html).join('')}</td></tr>` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;${small}">` +
    footer.map((piece) => `<div style="${small}">${piece.html}</div>`).join('') +
    `</td></tr></table></td></tr></table></body></html>`
  );
}
