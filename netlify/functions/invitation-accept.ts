import type { Config } from '@netlify/functions';
import { localePath } from '../../src/i18n';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../src/i18n/languages';
import { acceptInvitation, LINK_EXPIRED, LINK_USED } from '../../src/features/accounts/invitations';
import { isFormPost, parseJsonBody, readFormFields } from '../../src/http/bodies';
import { asHttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import type { HttpError } from '../../src/http/responses';
import { publicWriteRateLimit } from '../../src/http/rate-limits';
import { acceptInvitationSchema } from '../../src/features/leads/access-schema';
import { SECURITY_HEADERS } from '../../src/http/security-headers';

const BODY_LIMIT = 4 * 1024;

export type SetPasswordResult = 'done' | 'weak' | 'mismatch' | 'invalid' | 'expired' | 'used';

function resultOf(error: HttpError): SetPasswordResult {
  if (error.status === 400) return 'weak';
  if (error.status === 410)
    return error.message === LINK_EXPIRED ? 'expired' : error.message === LINK_USED ? 'used' : 'invalid';
  return 'invalid';
}

function redirect(lang: Language, result: SetPasswordResult, token?: string): Response {
  // The token goes back only where the visitor may try again with the same link (a refused password).
  const query = token ? `token=${encodeURIComponent(token)}&result=${result}` : `result=${result}`;
  return new Response(null, {
    status: 303,
    headers: {
      ...SECURITY_HEADERS,
      'Cache-Control': 'no-store',
      Location: `${localePath(lang, '/set-password')}?${query}`,
    },
  });
}

/**
 * POST /api/invitations: an invitation's one-time link sets the account's password (src/features/accounts/invitations.ts).
 * JSON `{token, password}` gets 200 `{success, username}`, 400 (password refused, the link still usable), 404 (no
 * such link) or 410 (expired, already used, or void). The set-password page's HTML form posts `token`, `password`,
 * `confirm` and `lang`, and is sent back to the page with the result (303).
 */
export default route({
  POST: async (request) => {
    if (isFormPost(request)) {
      const fields = await readFormFields(request, BODY_LIMIT * 3);
      const asked = fields['lang'];
      const lang = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
      const token = fields['token'] ?? '';
      const password = fields['password'] ?? '';
      if (password !== (fields['confirm'] ?? password)) return redirect(lang, 'mismatch', token);
      try {
        await acceptInvitation(token, password);
        return redirect(lang, 'done');
      } catch (error) {
        const refusal = asHttpError(error);
        if (!refusal) throw error;
        const result = resultOf(refusal);
        return redirect(lang, result, result === 'weak' ? token : undefined);
      }
    }
    const { token, password } = await parseJsonBody(request, acceptInvitationSchema, BODY_LIMIT);
    const { username } = await acceptInvitation(token, password);
    return json({ success: true, username });
  },
});

export const config: Config = {
  path: '/api/invitations',
  rateLimit: publicWriteRateLimit,
};
