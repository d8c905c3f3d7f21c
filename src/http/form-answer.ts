import { localePath } from '../i18n';
import { LANGUAGES, type Language } from '../i18n/languages';
import { ConfigError } from '../platform/env';
import { isFormPost } from './bodies';
import { asHttpError } from './responses';
import { logFailure, type Handler } from './route';
import { SECURITY_HEADERS } from './security-headers';

/**
 * Forms that work before and without their scripts (docs/architecture.md, "Forms without scripts"). The contact
 * and newsletter forms are real HTML forms posting to their function; the islands send the same fields as JSON and
 * get JSON. A form's post gets no JSON but a redirect to the result page in the form's language, which says what
 * happened with the toasts' texts:
 *
 * - sent: 303 See Other, so the browser GETs the result page (a reload does not send the form again);
 * - refused (invalid, duplicate, limit, error): 307 Temporary Redirect, so the browser posts the same fields to the
 *   result page, which puts them back in the form and names the failing fields; it stores and sends nothing.
 *
 * The URL carries the form's name, its language and a result code, never what the visitor typed.
 */

export const FORM_NAMES = ['contact', 'newsletter'] as const;
export type FormName = (typeof FORM_NAMES)[number];
export const FORM_RESULTS = ['sent', 'invalid', 'duplicate', 'limit', 'error'] as const;
export type FormResult = (typeof FORM_RESULTS)[number];

/** The result page's path (src/pages/[...lang]/form-result.astro). */
export const FORM_RESULT_PATH = '/form-result';

export function formResultUrl(lang: Language, form: FormName, result: FormResult): string {
  return `${localePath(lang, FORM_RESULT_PATH)}?form=${form}&result=${result}`;
}

/** A form's action: its function, with the page's language (the only thing besides the fields the result needs). */
export function formAction(form: FormName, lang: Language): string {
  return `/api/${form}?lang=${lang}`;
}

/** The page's language a form names in its URL (`?lang=`), English when absent. */
export function language(request: Request): Language {
  const asked = new URL(request.url).searchParams.get('lang');
  return LANGUAGES.find((lang) => lang === asked) ?? LANGUAGES[0];
}

/** What a form's post came to, by the status its handler answered or was refused with. */
function resultOf(status: number): FormResult {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 400) return 'invalid';
  if (status === 409) return 'duplicate';
  if (status === 429 || status === 503) return 'limit';
  return 'error';
}

/**
 * A public form's POST handler that also answers an HTML form's post: the handler runs exactly as for JSON (same
 * schema, honeypot, quota and body limit), and its answer or refusal becomes the redirect above.
 */
export function answeringForms(form: FormName, handler: Handler): Handler {
  return answeringFormsAt(form, handler, (lang, result) => formResultUrl(lang, form, result));
}

/** The same for a form with a page of its own (the request-access form): its results go to `resultUrl`. */
export function answeringFormsAt(
  form: string,
  handler: Handler,
  resultUrl: (lang: Language, result: FormResult) => string,
): Handler {
  return answeringFormsBySeeOther(form, handler, (lang, outcome) => resultUrl(lang, resultOf(outcome.status)), {
    keepRefused: true,
  });
}

function redirect(status: 303 | 307, location: string): Response {
  return new Response(null, {
    status,
    headers: { ...SECURITY_HEADERS, Location: location, 'Cache-Control': 'no-store' },
  });
}

/** What a form's post came to, for `answeringFormsBySeeOther`: the answer's status and JSON body, or the refusal's. */
export interface FormOutcome {
  status: number;
  body: unknown;
  /** The field a refusal names. */
  field?: string | undefined;
}

/**
 * A form whose every post is answered 303 See Other to a page that says what happened, from its URL (the booking and
 * cancellation forms: docs/product.md, "Meetings"): the handler runs exactly as for JSON, and `location` gets the
 * form's language and the outcome. Nothing the visitor typed goes into the URL unless `location` puts it there.
 * `keepRefused` (the booking form): a refusal is answered 307 instead, so the browser posts the same fields to
 * `location`, which puts them back in the form (a body past the limit is not sent again: 303).
 */
export function answeringFormsBySeeOther(
  form: string,
  handler: Handler,
  location: (lang: Language, outcome: FormOutcome) => string,
  { keepRefused = false }: { keepRefused?: boolean } = {},
): Handler {
  return async (request, context) => {
    if (!isFormPost(request)) return handler(request, context);
    const lang = language(request);
    let outcome: FormOutcome;
    try {
      const response = await handler(request, context);
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = null;
      }
      outcome = { status: response.status, body };
    } catch (error) {
      const refusal = asHttpError(error);
      if (error instanceof ConfigError) console.error(`Configuration error on POST /api/${form}: ${error.message}`);
      else if (!refusal) logFailure(request, error);
      outcome = refusal
        ? { status: refusal.status, body: { message: refusal.message }, field: refusal.field }
        : { status: 500, body: null };
    }
    const refused = outcome.status >= 400 && outcome.status !== 413;
    return redirect(keepRefused && refused ? 307 : 303, location(lang, outcome));
  };
}
