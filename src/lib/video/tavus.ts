import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { useTranslations } from '../../i18n';
import { appendVideoEvent, putVideoEvent } from '../conversations/logs';
import { env, requireSecret } from '../env';
import { HttpError } from '../http';
import type { Language } from '../../i18n/languages';
import { site } from '../site';
import { quotaRefusal, takeVideoCall } from '../quotas';

export const NOT_CONFIGURED = 'Video calls are not configured on this site.';
export const DAILY_CAP_REACHED =
  'Video calls are not available right now. Please try again tomorrow or use the contact form.';
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

function callbackToken(nonce: string): string {
  return createHmac('sha256', requireSecret('JWT_SECRET')).update(`tavus-callback:${nonce}`).digest('base64url');
}

export function verifyCallbackToken(nonce: string | null, token: string | null): boolean {
  if (!nonce || !token || nonce.length > 100) return false;
  const expected = Buffer.from(callbackToken(nonce));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Starts a call with the CEO's avatar. The server alone talks to Tavus, with
 * the configured replica and persona (a client cannot choose others), the
 * greeting in the visitor's language, a maximum length and absence timeouts so
 * a forgotten tab cannot run up a bill, and a callback URL carrying an HMAC
 * token for the transcript and the end of the call.
 */
export async function startConversation(
  language: Language,
  origin: string,
  ip: string,
): Promise<{ conversation_id: string | undefined; conversation_url: string }> {
  const config = env();
  if (!config.TAVUS_API_KEY || !config.TAVUS_REPLICA_ID || !config.TAVUS_PERSONA_ID)
    throw new HttpError(503, NOT_CONFIGURED);
  // The day's calls (TAVUS_DAILY_CALLS) and one IP's share of them (src/lib/quotas.ts), held under concurrency.
  const now = new Date();
  const quota = await takeVideoCall(ip, config.TAVUS_DAILY_CALLS, now);
  if (quota === 'visitor') throw quotaRefusal(429, VISITOR_CAP_REACHED, now);
  if (quota === 'site') throw quotaRefusal(503, DAILY_CAP_REACHED, now);
  const nonce = randomBytes(16).toString('base64url');
  const t = useTranslations(language);
  const response = await fetch(`${config.TAVUS_BASE_URL.replace(/\/+$/, '')}/v2/conversations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': config.TAVUS_API_KEY },
    signal: AbortSignal.timeout(15_000),
    body: JSON.stringify({
      replica_id: config.TAVUS_REPLICA_ID,
      persona_id: config.TAVUS_PERSONA_ID,
      conversation_name: `${site.name} website (${language})`,
      custom_greeting: t('video.greeting', { name: site.ceo.name }),
      callback_url: `${origin}/api/tavus/callback?nonce=${nonce}&token=${callbackToken(nonce)}`,
      properties: {
        max_call_duration: config.TAVUS_MAX_CALL_SECONDS,
        participant_left_timeout: 30,
        participant_absent_timeout: 120,
        language: language === 'es' ? 'spanish' : 'english',
      },
    }),
  });
  if (!response.ok) {
    console.error('Tavus refused the conversation', response.status, (await response.text()).slice(0, 500));
    throw new HttpError(502, 'Failed to start conversation');
  }
  const answer = conversationAnswer.safeParse(await response.json());
  const conversationUrl = answer.success
    ? (answer.data.conversation_url ?? answer.data.meeting_url ?? answer.data.url)
    : undefined;
  if (!answer.success || !conversationUrl) throw new HttpError(502, 'No conversation URL or ID received');
  if (answer.data.conversation_id) {
    await appendVideoEvent({
      sessionId: answer.data.conversation_id,
      kind: 'started',
      at: new Date().toISOString(),
      language,
      conversationUrl,
    });
  }
  return { conversation_id: answer.data.conversation_id, conversation_url: conversationUrl };
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

/** Stores the transcript and the end time Tavus reports; a repeated delivery overwrites itself. */
export async function handleCallback(body: unknown): Promise<void> {
  const event = callbackSchema.safeParse(body);
  if (!event.success) throw new HttpError(400, 'Unrecognised callback');
  const { conversation_id: sessionId, event_type: type, properties } = event.data;
  const at =
    event.data.timestamp && !Number.isNaN(Date.parse(event.data.timestamp))
      ? new Date(event.data.timestamp).toISOString()
      : new Date().toISOString();
  if (type === 'application.transcription_ready') {
    const transcript = (properties?.transcript ?? [])
      .filter((line) => line.role === 'user' || line.role === 'assistant')
      .map((line) => ({ speaker: line.role as 'user' | 'assistant', text: line.content, timestamp: at }));
    await putVideoEvent({ sessionId, kind: 'transcript', at, transcript });
  } else if (type === 'system.shutdown') {
    await putVideoEvent({ sessionId, kind: 'ended', at });
  }
}
