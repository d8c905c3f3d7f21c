import type { WhatsAppConfig } from './config';

/** Whom a message goes to: their phone (`wa_id`) when Meta gave it, else their business-scoped user id. */
export interface Recipient {
  phone: string | null;
  userId: string;
}

/**
 * Sends a text through the Cloud API: `POST {WHATSAPP_API_BASE}/{phone_number_id}/messages` with the access token,
 * `{messaging_product: "whatsapp", recipient_type: "individual", to | recipient, type: "text", text: {preview_url,
 * body}}`. `to` takes a phone number only; a person known only by their business-scoped user id is written to through
 * `recipient` (docs/decisions/0051-whatsapp-webhook-answers-then-works-with-waituntil.md, "Meta's reference").
 * Answers the new message's wamid (`messages[0].id`), or the failure in a line (never the token).
 */
export async function sendText(
  config: WhatsAppConfig,
  to: Recipient,
  body: string,
): Promise<{ ok: true; wamid: string } | { ok: false; error: string }> {
  try {
    const response = await fetch(`${config.apiBase}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        ...(to.phone ? { to: to.phone } : { recipient: to.userId }),
        type: 'text',
        text: { preview_url: false, body },
      }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await response.json().catch(() => null)) as {
      messages?: Array<{ id?: string }>;
      error?: { message?: string; code?: number };
    } | null;
    const wamid = answer?.messages?.[0]?.id;
    if (response.ok && wamid) return { ok: true, wamid };
    const detail = answer?.error ? `${answer.error.code ?? ''} ${answer.error.message ?? ''}`.trim() : '';
    return { ok: false, error: `Graph API ${response.status}${detail ? `: ${detail}` : ''}`.slice(0, 500) };
  } catch (error) {
    return { ok: false, error: `Graph API unreachable: ${error instanceof Error ? error.name : 'error'}` };
  }
}
