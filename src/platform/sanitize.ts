import sanitizeHtml from 'sanitize-html';

const QUILL_CLASS = /^ql-(indent-[1-8]|size-(small|large|huge)|align-(center|right|justify)|direction-rtl|syntax|ui)$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * The rich text an editor writes with Quill (docs/product.md, "Input rules"): headings,
 * lists, indents 1-8, sizes, links to http, https, mailto and tel, images
 * from http, https or a base64 data image. Nothing else survives: no script,
 * no event handler, no javascript: in any encoding, no frames, forms or
 * styles. Run on every write and again on every render.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'pre',
    'code',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'span',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    pre: ['spellcheck'],
    '*': ['class'],
  },
  allowedClasses: { '*': [QUILL_CLASS] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'form',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs['href'] !== undefined) out['href'] = attribs['href'];
      if (attribs['target'] === '_blank') {
        out['target'] = '_blank';
        out['rel'] = 'noopener noreferrer';
      }
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag !== 'img') return false;
    const src = frame.attribs['src'] ?? '';
    if (src.startsWith('data:')) return !DATA_IMAGE.test(src);
    return !/^(https?:\/\/|\/(?!\/))/i.test(src);
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
