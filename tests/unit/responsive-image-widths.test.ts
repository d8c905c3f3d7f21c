import { describe, expect, it } from 'vitest';
import { imageSrcSet } from '../../src/features/uploads/images';

const widths = (srcset: string | undefined) => srcset?.split(', ').map((candidate) => candidate.split(' ')[1]);

describe('imageSrcSet', () => {
  it('never offers an image wider than it is (issue 23: a 64 px upload was stretched over a hero)', () => {
    expect(widths(imageSrcSet('/uploads/a.png', 64))).toEqual(['64w']);
    expect(widths(imageSrcSet('/uploads/a.png', 650))).toEqual(['400w', '600w', '650w']);
  });

  it('offers every width of a large image, or of one whose size is unknown', () => {
    expect(widths(imageSrcSet('/uploads/a.png', 2560))).toEqual(['400w', '600w', '700w', '800w', '1200w']);
    expect(widths(imageSrcSet('/images/demo/a.jpg'))).toEqual(['400w', '600w', '700w', '800w', '1200w']);
    expect(imageSrcSet('https://example.com/a.jpg', 64)).toBeUndefined();
  });

  it('names AVIF, at its own quality, only when asked; else leaves the format to the Image CDN', () => {
    expect(imageSrcSet('/images/demo/a.jpg', 500, 'avif')).toBe(
      '/.netlify/images?url=%2Fimages%2Fdemo%2Fa.jpg&w=400&q=50&fm=avif 400w, /.netlify/images?url=%2Fimages%2Fdemo%2Fa.jpg&w=500&q=50&fm=avif 500w',
    );
    expect(imageSrcSet('/images/demo/a.jpg', 500)).not.toContain('fm=');
    expect(imageSrcSet('https://example.com/a.jpg', 500, 'avif')).toBeUndefined();
  });
});
