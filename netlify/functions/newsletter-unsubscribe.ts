import type { Config } from '@netlify/functions';
import { isFormPost, readFormFields } from '../../src/http/bodies';
import { HttpError } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { INVALID_LINK, languageOf, newsletterPagePath } from '../../src/features/newsletter/links';
import { SECURITY_HEADERS } from '../../src/http/security-headers';
import { DEFAULT_LANGUAGE } from '../../src/i18n/languages';
import { getSubscriber, unsubscribeByToken } from '../../src/features/newsletter/subscribers-store';

function redirect(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { ...SECURITY_HEADERS, 'Cache-Control': 'no-store', Location: location },
  });
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * /api/newsletter/unsubscribe?token=…: every issue's List-Unsubscribe address (RFC 8058).
 * - POST (a mail client's one-click, body `List-Unsubscribe=One-Click`): unsubscribes at once, 200 with an empty
 *   body; 404 for an unknown token. The unsubscribe page's button posts `page=1` too and is sent back to the page
 *   with the result (303).
 * - GET (a person following the link): 303 to the unsubscribe page in the subscriber's language, which has the
 *   button. A GET changes nothing (mail scanners fetch links).
 */
export default route({
  GET: async (request) => {
    const token = tokenOf(request);
    const found = await getSubscriber({ token });
    if (!found) return redirect(newsletterPagePath('unsubscribe', DEFAULT_LANGUAGE, { result: 'invalid' }));
    return redirect(newsletterPagePath('unsubscribe', found.language, { token }));
  },
  POST: async (request) => {
    const fields = isFormPost(request) ? await readFormFields(request, 1024) : {};
    const gone = await unsubscribeByToken(tokenOf(request));
    if (fields['page']) {
      const lang = gone?.language ?? languageOf(fields['lang']);
      return redirect(newsletterPagePath('unsubscribe', lang, { result: gone ? 'done' : 'invalid' }));
    }
    if (!gone) throw new HttpError(404, INVALID_LINK);
    return new Response(null, { status: 200, headers: { ...SECURITY_HEADERS, 'Cache-Control': 'no-store' } });
  },
});

// No per-IP rate limit: one-click posts come from mail providers' servers, as Tavus's callbacks do.
export const config: Config = {
  path: '/api/newsletter/unsubscribe',
};
