import { fileStore } from '../../platform/files';

/** The image types the site stores and serves; never SVG (it can carry script). */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Upload keys are made by the server: an id and a known extension, nothing a visitor chose. */
const KEY = /^[0-9a-hjkmnp-tv-z]{26}\.(jpg|png|gif|webp|avif)$/;

export async function getUpload(key: string): Promise<{ data: ArrayBuffer; contentType: string } | null> {
  const extension = KEY.exec(key)?.[1] as ImageExtension | undefined;
  const data = extension ? await fileStore('uploads').get(key, { type: 'arrayBuffer' }) : null;
  // The type comes from the key the server made, never from stored metadata a client could influence.
  return extension && data ? { data, contentType: IMAGE_TYPES[extension] } : null;
}

/** Whether an upload is stored under this key (its metadata only: the bytes are not read). */
export async function uploadExists(key: string): Promise<boolean> {
  return KEY.test(key) && (await fileStore('uploads').getMetadata(key)) !== null;
}

/** An image's size in pixels, kept with it when it is stored (older uploads have none). */
export interface ImageSize {
  width: number;
  height: number;
}

export async function putUpload(key: string, data: ArrayBuffer, size?: ImageSize): Promise<void> {
  if (!KEY.test(key)) throw new Error('Refusing an upload key the server did not make');
  await fileStore('uploads').set(key, data, size ? { metadata: { width: size.width, height: size.height } } : {});
}

/** The size stored with an upload; null for an unknown key or an upload stored without one. */
export async function storedUploadSize(key: string): Promise<ImageSize | null> {
  if (!KEY.test(key)) return null;
  const metadata = (await fileStore('uploads').getMetadata(key))?.metadata;
  const width = Number(metadata?.['width']);
  const height = Number(metadata?.['height']);
  return width > 0 && height > 0 ? { width, height } : null;
}
