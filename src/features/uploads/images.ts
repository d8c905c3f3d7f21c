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

export function imageSrcSet(url: string): string | undefined {
  if (!isOwnImage(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageUrl(url, width)} ${width}w`).join(', ');
}
