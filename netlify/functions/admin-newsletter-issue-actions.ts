import type { Config, Context } from '@netlify/functions';
import { requireAdmin } from '../../src/http/guard';
import { parseJsonBody, pathId } from '../../src/http/bodies';
import { HttpError, json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { issueProgress, previewIssue, sendIssueTest, startIssueSend } from '../../src/features/newsletter/issues';
import { languageOf } from '../../src/features/newsletter/links';
import { issueTestInputSchema } from '../../src/features/newsletter/issue-schema';
import { SECURITY_HEADERS } from '../../src/http/security-headers';

/** The action a path names: `/api/newsletter-issues/{id}/{action}`. */
function action(request: Request): string {
  return new URL(request.url).pathname.split('/').pop() ?? '';
}

const notAllowed = () => new HttpError(405, 'Method not allowed');

/**
 * The mail rendered as a page for the admin's browser: the mail's own HTML (inline styles, the issue's sanitised
 * rich text), under a policy that runs nothing and loads nothing but images.
 */
function previewPage(html: string): Response {
  return new Response(html, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; sandbox; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * Admins only (docs/product.md, "Newsletter issues"):
 * - `GET …/{id}/preview?language=en|es`: the mail as a subscriber of that language gets it, `{subject, html, text}`;
 *   with `&format=html` the HTML part as a page.
 * - `GET …/{id}/progress`: `{status, total, sent, failed, startedAt, finishedAt}` (the dashboard polls it).
 * - `POST …/{id}/test {email, language?}`: a test to that address (both languages unless one is named).
 * - `POST …/{id}/send`: sends the issue to every confirmed subscriber, once (409 after that), in a background run.
 */
export default route({
  GET: async (request: Request, context: Context) => {
    await requireAdmin(request);
    const id = pathId(context);
    const params = new URL(request.url).searchParams;
    switch (action(request)) {
      case 'preview': {
        const mail = await previewIssue(id, languageOf(params.get('language')));
        return params.get('format') === 'html' ? previewPage(mail.html) : json(mail);
      }
      case 'progress':
        return json(await issueProgress(id));
      default:
        throw notAllowed();
    }
  },
  POST: async (request: Request, context: Context) => {
    const user = await requireAdmin(request);
    const id = pathId(context);
    switch (action(request)) {
      case 'test': {
        const input = await parseJsonBody(request, issueTestInputSchema);
        return json({ sent: await sendIssueTest(id, input.email, input.language) });
      }
      case 'send':
        return json(await startIssueSend(id, user), { status: 202 });
      default:
        throw notAllowed();
    }
  },
});

export const config: Config = {
  path: [
    '/api/newsletter-issues/:id/preview',
    '/api/newsletter-issues/:id/progress',
    '/api/newsletter-issues/:id/test',
    '/api/newsletter-issues/:id/send',
  ],
};
