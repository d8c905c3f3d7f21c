import type { Config } from '@netlify/functions';
import { route } from '../../src/http/route';
import { notFound } from '../../src/platform/errors';
import { getUpload } from '../../src/features/uploads/store';

export default route({
  GET: async (_request, context) => {
    const upload = await getUpload(context.params['key'] ?? '');
    if (!upload) throw notFound('Image');
    return new Response(upload.data, {
      headers: {
        'Content-Type': upload.contentType,
        'X-Content-Type-Options': 'nosniff',
        // Keys are never reused: a new image gets a new key, so it may be cached forever.
        'Cache-Control': 'public, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      },
    });
  },
});

export const config: Config = {
  path: '/uploads/:key',
};
