import { attributionOf, recordGoal } from '../analytics/analytics';
import { alertVideoCall } from '../leads/alerts';
import { fileVideoLead } from './lead';
import { z } from 'zod';
import { useTranslations } from '../../i18n';
import { putVideoEvent, recordVideoCallStart, videoCallStart } from './log';
import { env, type Env } from '../../platform/env';
import { Forbidden, InvalidInput, Unavailable, UpstreamFailed } from '../../platform/errors';
import { DEFAULT_LANGUAGE, languageName, type Language } from '../../i18n/languages';
import { site } from '../../platform/site';
import { quotaRefusal, takeVideoCall } from '../quotas/quotas';
import { callbackUrl, newCallbackGrant, type CallbackGrant } from './callback-token';

export const NOT_CONFIGURED = 'Video calls are not configured on this site.';
export const DAILY_CAP_REACHED =
  'Video calls are not available right now. Please try again tomorrow or use the contact form.';
const FAILED = 'Failed to start conversation';
export const VISITOR_CAP_REACHED =
  'You have started as many video calls as we allow from one connection today. Please try again tomorrow or use the contact form.';

const conversationAnswer = z.object({
  conversation_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/)
    .optional(),
  conversation_url: z.url().optional(),
  meeting_url: z.url().optional(),
  url: z.url().optional(),
});

/** The part of a Tavus persona the server checks: its perception layer (docs.tavus.io, "Perception"). */
const personaAnswer = z.object({
  layers: z.object({ perception: z.object({ perception_model: z.string().nullish() }).nullish() }).nullish(),
});

type TavusConfig = Env & { TAVUS_API_KEY: string; TAVUS_REPLICA_ID: string; TAVUS_PERSONA_ID: string };

function tavusFetch(config: TavusConfig, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${config.TAVUS_BASE_URL.replace(/\/+$/, '')}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', 'x-api-key': config.TAVUS_API_KEY },
    signal: AbortSignal.timeout(15_000),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function refused(what: string, response: Response): Promise<UpstreamFailed> {
  console.error(what, response.status, (await response.text()).slice(0, 500));
  return new UpstreamFailed(FAILED);
}

/**
 * Tavus's perception layer (Raven) reads the visitor's face, surroundings and
 * tone of voice, emotions included. The card and the privacy policy promise
 * no emotion analysis, so before each call the server reads the configured
 * persona and, unless its perception model is already `off`, switches it off
 * (Patch Persona, JSON Patch). If that cannot be done, no call is started.
 */
async function ensurePerceptionOff(config: TavusConfig): Promise<void> {
  const path = `/v2/personas/${encodeURIComponent(config.TAVUS_PERSONA_ID)}`;
  const response = await tavusFetch(config, path);
  if (!response.ok) throw await refused('Tavus did not return the persona', response);
  const persona = personaAnswer.safeParse(await response.json());
  if (!persona.success) {
    console.error('Unexpected Tavus persona', persona.error.issues.slice(0, 3));
    throw new UpstreamFailed(FAILED);
  }
  const perception = persona.data.layers?.perception;
  if (perception?.perception_model === 'off') return;
  // Each operation names a path whose parent exists, as JSON Patch requires.
  const operation = !persona.data.layers
    ? { op: 'add', path: '/layers', value: { perception: { perception_model: 'off' } } }
    : !perception
      ? { op: 'add', path: '/layers/perception', value: { perception_model: 'off' } }
      : {
          op: perception.perception_model === undefined ? 'add' : 'replace',
          path: '/layers/perception/perception_model',
          value: 'off',
        };
  const patched = await tavusFetch(config, path, { method: 'PATCH', body: [operation] });
  if (!patched.ok) throw await refused('Tavus did not switch off the persona’s perception', patched);
}

/**
 * The site's own address for Tavus's callbacks: `URL`, which Netlify sets to
 * the site's primary address (and `netlify dev`/`serve` to the local one).
 * Never the request's Host header, which the visitor controls.
 */
function configuredSiteUrl(config: Env): string {
  if (!config.URL) {
    console.error('URL is not set, so Tavus could not report calls back; see README.md, "Configuration".');
    throw new Unavailable(NOT_CONFIGURED);
  }
  return config.URL;
}

/**
 * Starts a call with the CEO's avatar. The server alone talks to Tavus, with
 * the configured replica and persona (a client cannot choose others), the
 * persona's perception switched off, a greeting in the visitor's language
 * that says it is an AI avatar, a maximum length and absence timeouts so a
 * forgotten tab cannot run up a bill, and a callback URL on the site's own
 * address that is valid for this call only, until a day after its longest
 * possible end. The call is recorded (id, URL from Tavus, start, the
 * callback's nonce): only a call recorded here can be logged or called back.
 */
export async function startConversation(
  language: Language,
  ip: string,
  visitor: string | null = null,
): Promise<{ conversation_id: string; conversation_url: string }> {
  const config = env();
  if (!config.TAVUS_API_KEY || !config.TAVUS_REPLICA_ID || !config.TAVUS_PERSONA_ID)
    throw new Unavailable(NOT_CONFIGURED);
  const tavus = config as TavusConfig;
  const siteUrl = configuredSiteUrl(config);
  // The day's calls (TAVUS_DAILY_CALLS) and one IP's share of them (src/features/quotas/quotas.ts), held under concurrency.
  const now = new Date();
  const quota = await takeVideoCall(ip, config.TAVUS_DAILY_CALLS, now);
  if (quota === 'visitor') throw quotaRefusal('visitor', VISITOR_CAP_REACHED, now);
  if (quota === 'site') throw quotaRefusal('site', DAILY_CAP_REACHED, now);
  await ensurePerceptionOff(tavus);
  const grant = newCallbackGrant(config.TAVUS_MAX_CALL_SECONDS);
  const t = useTranslations(language);
  const response = await tavusFetch(tavus, '/v2/conversations', {
    method: 'POST',
    body: {
      replica_id: config.TAVUS_REPLICA_ID,
      persona_id: config.TAVUS_PERSONA_ID,
      conversation_name: `${site.name} website (${language})`,
      custom_greeting: t('video.greeting', { name: site.ceo.name }),
      callback_url: callbackUrl(siteUrl, grant),
      properties: {
        max_call_duration: config.TAVUS_MAX_CALL_SECONDS,
        participant_left_timeout: 30,
        participant_absent_timeout: 120,
        // Tavus names a language by its English name in lower case: english, spanish.
        language: languageName(language, DEFAULT_LANGUAGE, 'inline').toLowerCase(),
      },
    },
  });
  if (!response.ok) throw await refused('Tavus refused the conversation', response);
  const answer = conversationAnswer.safeParse(await response.json());
  const conversationUrl = answer.success
    ? (answer.data.conversation_url ?? answer.data.meeting_url ?? answer.data.url)
    : undefined;
  const conversationId = answer.success ? answer.data.conversation_id : undefined;
  // Without its id the call could not be recorded, logged or called back.
  if (!conversationUrl || !conversationId) throw new UpstreamFailed('No conversation URL or ID received');
  const startedAt = new Date();
  await recordGoal('video-started', visitor);
  await recordVideoCallStart(
    {
      sessionId: conversationId,
      kind: 'started',
      at: startedAt.toISOString(),
      language,
      conversationUrl,
      callbackNonce: grant.nonce,
      endsBy: new Date(startedAt.getTime() + config.TAVUS_MAX_CALL_SECONDS * 1000).toISOString(),
    },
    // The visit the call came from: the lead it may file carries it.
    await attributionOf(visitor),
  );
  return { conversation_id: conversationId, conversation_url: conversationUrl };
}

const callbackSchema = z.object({
  conversation_id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  event_type: z.string().max(100),
  timestamp: z.string().max(60).optional(),
  properties: z
    .object({
      transcript: z
        .array(z.object({ role: z.string(), content: z.string().max(4000) }))
        .max(1000)
        .optional(),
      shutdown_reason: z.string().max(200).optional(),
    })
    .optional(),
});

/**
 * Stores the transcript and the end time Tavus reports for the call its
 * callback URL was made for (a repeated delivery overwrites itself). An event
 * naming any other conversation is refused with 403.
 */
export async function handleCallback(grant: CallbackGrant, body: unknown): Promise<void> {
  const event = callbackSchema.safeParse(body);
  if (!event.success) throw new InvalidInput('Unrecognised callback');
  const { conversation_id: sessionId, event_type: type, properties } = event.data;
  const start = await videoCallStart(sessionId);
  if (!start || start.callbackNonce !== grant.nonce)
    throw new Forbidden('This callback address is not for that conversation');
  const at =
    event.data.timestamp && !Number.isNaN(Date.parse(event.data.timestamp))
      ? new Date(event.data.timestamp).toISOString()
      : new Date().toISOString();
  if (type === 'application.transcription_ready') {
    const transcript = (properties?.transcript ?? [])
      .filter((line) => line.role === 'user' || line.role === 'assistant')
      .map((line) => ({ speaker: line.role as 'user' | 'assistant', text: line.content, timestamp: at }));
    await putVideoEvent({ sessionId, kind: 'transcript', at, transcript });
    // The call is over and its transcript is in: one alert to the firm (a replay finds it queued or sent).
    await alertVideoCall(sessionId);
    // A call in which the visitor said an e-mail address is a lead in the inbox (one, however often replayed).
    await fileVideoLead(sessionId);
  } else if (type === 'system.shutdown') {
    await putVideoEvent({ sessionId, kind: 'ended', at });
  }
}

export const TAVUS_DELETE_FAILED = 'Tavus did not delete the call. Nothing was deleted here; please try again.';

/**
 * Deletes a call at Tavus, with its recording and transcript (Delete Conversation, `hard=true`: docs.tavus.io,
 * "Delete Conversation"). A call Tavus no longer knows (404) is already gone. Answers `not-configured` when the
 * site has no Tavus key (nothing can be asked of Tavus then); throws a 502 when Tavus refuses, so the caller keeps
 * its own record of the call and the admin can try again.
 */
export async function deleteTavusConversation(conversationId: string): Promise<'deleted' | 'not-configured'> {
  const config = env();
  if (!config.TAVUS_API_KEY) return 'not-configured';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(conversationId)) throw new InvalidInput('Invalid conversation id');
  const response = await tavusFetch(
    config as TavusConfig,
    `/v2/conversations/${encodeURIComponent(conversationId)}?hard=true`,
    { method: 'DELETE' },
  );
  if (response.ok || response.status === 404) {
    await response.body?.cancel();
    return 'deleted';
  }
  console.error('Tavus did not delete the conversation', response.status, (await response.text()).slice(0, 500));
  throw new UpstreamFailed(TAVUS_DELETE_FAILED);
}
