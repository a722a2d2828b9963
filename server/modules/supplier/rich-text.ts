// Sanitises supplier-written rich text on write (DESIGN.md §6): product descriptions, store
// articles and job descriptions keep basic formatting, tables, links and images; scripts, styles,
// event handlers and javascript: links are removed before anything is stored.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li',
    'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'small', 'span', 'div', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }),
  },
};

/** Clean HTML; plain text (no tags) becomes paragraphs. */
export function sanitizeOnWrite(html: string | null | undefined): string {
  if (!html) return '';
  const source = /<[a-z][\s\S]*>/i.test(html)
    ? html
    : html
        .split(/\r?\n\s*\r?\n/)
        .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>')}</p>`)
        .join('');
  return sanitizeHtml(source, OPTIONS).trim();
}

/** The text of rich text, to decide whether anything is left after cleaning. */
export const textOf = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim();
