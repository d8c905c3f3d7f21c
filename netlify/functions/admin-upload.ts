import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { readBody } from '../../src/http/bodies';
import { asHttpError, HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { MAX_UPLOAD_BYTES } from '../../src/features/uploads/schema';
import { storeImage, UPLOAD_TEXTS } from '../../src/features/uploads/uploads';

/** Room for the multipart envelope around a 5 MB image. */
const MAX_MULTIPART_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

async function readImageField(request: Request): Promise<Uint8Array> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw new HttpError(415, 'Send the image as multipart/form-data', 'image');
  const body = await readBody(request, MAX_MULTIPART_BYTES, `${UPLOAD_TEXTS.tooLarge}: ${UPLOAD_TEXTS.tooLargeDetail}`);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The upload could not be read', 'image');
  }
  const file = form.get('image');
  if (!(file instanceof File)) throw new HttpError(400, UPLOAD_TEXTS.missing, 'image');
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * POST /api/upload: multipart, field `image`; answers {success, url, width, height, message} (docs/product.md, "Uploads"). Only the
 * upload's own refusals carry `success: false`; 401, 403, 405 and 500 answer in the plain error shape, as elsewhere.
 */
export default route({
  POST: async (request) => {
    await requireAdmin(request);
    try {
      const { url, width, height } = await storeImage(await readImageField(request));
      return json({ success: true, url, width, height, message: UPLOAD_TEXTS.success }, { status: 201 });
    } catch (error) {
      const refusal = asHttpError(error);
      if (!refusal) throw error;
      return json({ success: false, message: refusal.message, field: refusal.field }, { status: refusal.status });
    }
  },
});

export const config: Config = {
  path: '/api/upload',
};
