/**
 * Responsive image sources. The site's own images (/images, /uploads) go
 * through Netlify Image CDN, which resizes them and picks AVIF or WebP from the
 * browser's Accept header; other addresses are used as they are.
 */
export const IMAGE_WIDTHS = [400, 600, 800, 1200] as const;

function isOwnImage(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export function imageUrl(url: string, width: number): string {
  if (!isOwnImage(url)) return url;
  return `/.netlify/images?url=${encodeURIComponent(url)}&w=${width}&q=70`;
}

/**
 * The widths to offer of an image `natural` px wide (unknown: all of them): none wider than the image itself, which
 * is offered at its own width instead, so nothing is ever asked for larger than it is (issue 23).
 */
function widthsFor(natural: number | undefined): number[] {
  if (natural === undefined || natural >= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!) return [...IMAGE_WIDTHS];
  return [...IMAGE_WIDTHS.filter((width) => width < natural), natural];
}

export function imageSrcSet(url: string, natural?: number): string | undefined {
  if (!isOwnImage(url)) return undefined;
  return widthsFor(natural)
    .map((width) => `${imageUrl(url, width)} ${width}w`)
    .join(', ');
}
