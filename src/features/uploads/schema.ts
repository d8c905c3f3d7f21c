/**
 * The largest image an editor may upload, in megabytes: the dashboard checks
 * it before sending, the server again on receipt (src/features/uploads/uploads.ts). Kept
 * apart from the server's checks so the browser can import it.
 */
export const MAX_UPLOAD_MB = 5;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/**
 * Below these widths the dashboard warns (it does not refuse; issue 23), and the public pages show the image at its
 * own size, never stretched. A hero (a case study's or an insight's picture) is drawn up to 1,216 px wide on a
 * laptop, and shared as a 1,200 px social card: 1,200. An image in an article's text is drawn at most about 830 px
 * wide; 600 keeps it sharp on a phone's column (about 360 px at 1.5× and more) and still decent on a laptop.
 */
export const MIN_HERO_WIDTH = 1200;
export const MIN_INLINE_WIDTH = 600;
