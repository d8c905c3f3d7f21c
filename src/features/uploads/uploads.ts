import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { InvalidInput, TooLarge, UnsupportedType } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { MAX_UPLOAD_BYTES } from './schema';
import {
  getUpload,
  IMAGE_TYPES,
  putUpload,
  storedUploadSize,
  uploadExists,
  type ImageExtension,
  type ImageSize,
} from './store';

/** Past this a decoder could be made to allocate gigabytes (a "decompression bomb"). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;

export const UPLOAD_TEXTS = {
  success: 'Upload successful',
  invalidType: 'Invalid file type',
  invalidTypeDetail: 'Please select an image file',
  tooLarge: 'File too large',
  tooLargeDetail: 'Please select an image smaller than 5MB',
  tooManyPixels: 'Image dimensions are too large',
  missing: 'Please select an image file',
  notFound: 'This image is not on the site (it may have been deleted). Upload it again or choose another image.',
} as const;

const UPLOADS_PREFIX = '/uploads/';

/** An upload's key from its address (GET /uploads/{key} ignores a query or fragment); null for other addresses. */
function uploadKey(imageUrl: string): string | null {
  if (!imageUrl.startsWith(UPLOADS_PREFIX)) return null;
  return new URL(imageUrl, 'http://site.invalid').pathname.slice(UPLOADS_PREFIX.length);
}

/**
 * A case study or insight may not point at an upload that does not exist: its cards and page would show a
 * missing picture (docs/product.md, "Input rules"). Addresses outside /uploads/ (the site's own /images, https) are
 * not checked here.
 */
export async function assertUploadedImageExists(imageUrl: string): Promise<void> {
  const key = uploadKey(imageUrl);
  if (key === null) return;
  if (!(await uploadExists(key))) throw new InvalidInput(UPLOAD_TEXTS.notFound, 'image');
}

function isImageExtension(ext: string): ext is ImageExtension {
  return Object.hasOwn(IMAGE_TYPES, ext);
}

/**
 * Stores an uploaded image after checking what its bytes are (never what its
 * name or declared type claim): JPEG, PNG, GIF, WebP or AVIF only (SVG can
 * carry script), at most 5 MB, at most 10,000 px a side and 40 megapixels.
 * The key is made here; the visitor's file name is never used.
 */
export async function storeImage(bytes: Uint8Array): Promise<{ url: string } & ImageSize> {
  if (bytes.byteLength === 0) throw new InvalidInput(UPLOAD_TEXTS.missing, 'image');
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new TooLarge(`${UPLOAD_TEXTS.tooLarge}: ${UPLOAD_TEXTS.tooLargeDetail}`, 'image');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !isImageExtension(detected.ext)) {
    throw new UnsupportedType(`${UPLOAD_TEXTS.invalidType}: ${UPLOAD_TEXTS.invalidTypeDetail}`, 'image');
  }
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new UnsupportedType(`${UPLOAD_TEXTS.invalidType}: ${UPLOAD_TEXTS.invalidTypeDetail}`, 'image');
  }
  const { width, height } = size;
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new InvalidInput(UPLOAD_TEXTS.tooManyPixels, 'image');
  }
  const key = `${newId()}.${detected.ext}`;
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  await putUpload(key, copy.buffer, { width, height });
  return { url: `/uploads/${key}`, width, height };
}

/**
 * An uploaded image's size in pixels, so a page can show a small one at its own size rather than stretch it (issue
 * 23): the size stored with it, else (an upload older than that) read from its bytes. Null for an address outside
 * /uploads/, a missing upload, bytes that cannot be measured, or a file store out of reach (never an error: a page
 * renders without it).
 */
export async function uploadedImageSize(imageUrl: string): Promise<ImageSize | null> {
  const key = uploadKey(imageUrl);
  if (key === null) return null;
  try {
    const stored = await storedUploadSize(key);
    if (stored) return stored;
    const upload = await getUpload(key);
    if (!upload) return null;
    const { width, height } = imageSize(new Uint8Array(upload.data));
    return width && height ? { width, height } : null;
  } catch {
    // Unmeasurable bytes, or the file store out of reach: the page still renders, with the image's default size.
    return null;
  }
}
