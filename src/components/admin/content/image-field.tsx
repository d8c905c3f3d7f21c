import { useState } from 'react';
import { ApiError, apiFetch } from '../../../client/api';
import { showToast } from '../../../client/toast';
import { handleUnauthorized } from '../query';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, MIN_HERO_WIDTH } from '../../../features/uploads/schema';
import { buttonVariants } from '../../react-ui/button';
import { Field } from '../../react-ui/field';
import { Input } from '../../react-ui/input';
import { useAdminTexts } from '../language';
import { FocusPicker } from './focus-picker';
import type { Focus } from '../../../features/content/publishing-schema';

const LONGEST_SIDE = 2560;

/**
 * Scales an image to at most 2,560 px on its longest side and re-encodes it
 * (WebP, else JPEG), so any photo up to 5 MB fits in a function's body.
 */
async function shrink(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, LONGEST_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  const webp = await encode('image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await encode('image/jpeg');
  if (!blob) throw new Error('encode failed');
  return blob.size < file.size || file.type === 'image/gif' ? blob : file;
}

/**
 * Image upload (docs/product.md, "Input rules"): type and size checked here and by the server; the previous image
 * comes back on failure.
 */
export function ImageField({
  id,
  value,
  onChange,
  focus,
}: {
  /** The address field's id (its error, when the dialog's check finds none, shows under it). */
  id: string;
  value: string;
  onChange: (url: string) => void;
  /** A kind with a social image (insights, case studies): its focal point, chosen on the picture. */
  focus?: { value: Focus | null; onChange: (focus: Focus | null) => void } | undefined;
}) {
  const adminTexts = useAdminTexts();
  const t = adminTexts.upload;
  const [uploading, setUploading] = useState(false);
  // The picture's own size, read when its preview loads (an upload or a typed address alike).
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  const small = size && size.src === value && size.width < MIN_HERO_WIDTH ? size : null;
  async function upload(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/'))
      return showToast({ title: t.invalidType, description: t.invalidTypeText, variant: 'error' });
    if (file.size > MAX_UPLOAD_BYTES)
      return showToast({ title: t.tooLarge, description: t.tooLargeText(MAX_UPLOAD_MB), variant: 'error' });
    const previous = value;
    setUploading(true);
    try {
      const form = new FormData();
      const body = file.type === 'image/gif' ? file : await shrink(file);
      form.append('image', body, file.name);
      const answer = await apiFetch<{ success: boolean; url?: string; message?: string }>('/api/upload', { form });
      if (!answer.success || !answer.url) throw new Error(answer.message ?? t.failed);
      onChange(answer.url);
      showToast({ title: t.success });
    } catch (error) {
      onChange(previous);
      if (!handleUnauthorized(error)) {
        const detail =
          error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined;
        showToast({ title: t.failed, description: detail ?? t.failedText, variant: 'error' });
      }
    } finally {
      setUploading(false);
    }
  }
  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-800">{adminTexts.form.image}</span>
      {value && focus ? (
        <FocusPicker
          src={value}
          focus={focus.value}
          onChange={focus.onChange}
          onLoad={(width, height) => setSize({ src: value, width, height })}
        />
      ) : value ? (
        <img
          src={value}
          alt=""
          className="aspect-[3/2] w-full rounded-md border border-slate-200 object-cover"
          onLoad={(event) => {
            const image = event.currentTarget;
            setSize({ src: value, width: image.naturalWidth, height: image.naturalHeight });
          }}
        />
      ) : (
        <div className="aspect-[3/2] w-full rounded-md border border-dashed border-slate-300 bg-slate-50" />
      )}
      {/* A warning, not a refusal (issue 23): the partner may still use it; the site shows it at its own size. */}
      <div role="status">
        {small && (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900" data-image-warning="hero">
            {t.small(small.width, small.height, MIN_HERO_WIDTH)}
          </p>
        )}
      </div>
      <label className={buttonVariants({ variant: 'secondary', className: 'w-full cursor-pointer px-3 py-2' })}>
        {uploading ? t.uploading : t.choose}
        <input
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
          className="sr-only"
          onChange={(event) => void upload(event.target.files?.[0])}
          data-image-input
        />
      </label>
      <Field id={id} label={<span className="text-xs font-normal text-slate-600">{adminTexts.form.imageUrl}</span>}>
        <Input
          variant="compact"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="mt-1 block w-full"
        />
      </Field>
    </div>
  );
}
