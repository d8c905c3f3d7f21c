import { videoConversation } from '../video/log';
import { env } from '../../platform/env';
import type { ContactMessage } from './contact-schema';
import { taxonomyForPage } from '../taxonomy/taxonomy';
import { queueMail } from '../mail/outbox';
import { contactAlert, videoAlert } from './alert-mails';

/**
 * Lead alerts to the firm (LEADS_TO). Each alert's outbox key is its record's key, so a record gets one alert
 * however often its trigger runs (a replayed Tavus callback, racing requests).
 */

/** A new contact message or chat lead. Never throws: the message is stored, and the visitor's answer must not fail. */
export async function alertContactMessage(message: ContactMessage): Promise<void> {
  try {
    // The list names the service (one read; the seeded list if it cannot be read).
    const taxonomy = await taxonomyForPage();
    await queueMail({
      key: `alerts/contact/${message.id}`,
      to: 'leads',
      replyTo: message.email,
      ...contactAlert(message, env().LEADS_LANGUAGE, taxonomy),
    });
  } catch (error) {
    console.error(`Lead alert for contact message ${message.id} not queued`, error instanceof Error ? error.name : '');
  }
}

/**
 * A finished video call, once Tavus has sent its transcript. Throws when the alert cannot be queued, so Tavus's
 * callback fails and is delivered again.
 */
export async function alertVideoCall(sessionId: string): Promise<void> {
  const call = await videoConversation(sessionId);
  if (!call) return;
  await queueMail({ key: `alerts/video/${sessionId}`, to: 'leads', ...videoAlert(call, env().LEADS_LANGUAGE) });
}
