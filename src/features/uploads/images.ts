/**
 * Responsive image sources. The site's own images (/images, /uploads) go
 * through Netlify Image CDN, which resizes them and, asked for no format, picks
 * WebP (else AVIF, else the original's) from the browser's Accept header;
 * other addresses are used as they are. ResponsiveImage.astro also offers each
 * one in AVIF (`fm=avif`) to the browsers that take it: a third smaller than
 * WebP at the same look on the site's pictures (docs/decisions/0054).
 */
// 700: a card or hero across a phone (about 380 px wide at 1.75 to 2 device pixels per px) takes the 700 px file
// rather than the 800 px one, a quarter fewer bytes on the largest paint of the lists and details.
export const IMAGE_WIDTHS = [400, 600, 700, 800, 1200] as const;

/** The formats asked for by name; none: the Image CDN's choice. */
export type ImageFormat = 'avif';
/** Quality per format: AVIF's scale is not WebP's (q 50 in AVIF looks like q 70 in WebP, in fewer bytes). */
const QUALITY = { avif: 50, negotiated: 70 } as const;

function isOwnImage(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

export function imageUrl(url: string, width: number, format?: ImageFormat): string {
  if (!isOwnImage(url)) return url;
  const quality = QUALITY[format ?? 'negotiated'];
  return `/.netlify/images?url=${encodeURIComponent(url)}&w=${width}&q=${quality}${format ? `&fm=${format}` : ''}`;
}

/**
 * The widths to offer of an image `natural` px wide (unknown: all of them): none wider than the image itself, which
 * is offered at its own width instead, so nothing is ever asked for larger than it is (issue 23).
 */
function widthsFor(natural: number | undefined): number[] {
  if (natural === undefined || natural >= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!) return [...IMAGE_WIDTHS];
  return [...IMAGE_WIDTHS.filter((width) => width < natural), natural];
}

export function imageSrcSet(url: string, natural?: number, format?: ImageFormat): string | undefined {
  if (!isOwnImage(url)) return undefined;
  return widthsFor(natural)
    .map((width) => `${imageUrl(url, width, format)} ${width}w`)
    .join(', ');
}
