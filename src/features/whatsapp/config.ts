import { env } from '../../platform/env';
import type { WhatsAppStatus } from './schema';

/** The WhatsApp Business Cloud API as configured (README, "WhatsApp"). */
export interface WhatsAppConfig {
  verifyToken: string;
  appSecret: string;
  accessToken: string;
  phoneNumberId: string;
  /** `https://graph.facebook.com/v26.0` unless WHATSAPP_API_BASE says otherwise (tests: a fake on 127.0.0.1). */
  apiBase: string;
}

/** The channel's settings, or null when any of the four is missing: the channel is not connected. */
export function whatsappConfig(): WhatsAppConfig | null {
  const e = env();
  const { WHATSAPP_VERIFY_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID } = e;
  if (!WHATSAPP_VERIFY_TOKEN || !WHATSAPP_APP_SECRET || !WHATSAPP_ACCESS_TOKEN || !WHATSAPP_PHONE_NUMBER_ID)
    return null;
  return {
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    appSecret: WHATSAPP_APP_SECRET,
    accessToken: WHATSAPP_ACCESS_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    apiBase: e.WHATSAPP_API_BASE,
  };
}

/** What the dashboard is told (GET /api/whatsapp/status): connected or not, and which variables are missing. */
export function whatsappStatus(origin: string): WhatsAppStatus {
  const e = env();
  const missing = (
    ['WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'] as const
  ).filter((name) => !e[name]);
  const site = (e.URL ?? origin).replace(/\/+$/, '');
  return { connected: missing.length === 0, missing, webhookUrl: `${site}/api/whatsapp/webhook` };
}
