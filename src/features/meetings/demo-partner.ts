import { bootstrapAdmin } from '../accounts/login';
import { getUser } from '../accounts/users-store';
import { env } from '../../platform/env';
import type { PartnerSettings } from './schema';
import { getPartnerSettings, savePartnerSettings } from './store';

/**
 * `npm run dev`'s demo partner (docs/product.md, "Meetings"): the local admin (ADMIN_USERNAME, created as its first
 * sign-in would create it) offers meetings Monday to Friday, 9:00 to 17:00 Madrid time, with a day's notice and a
 * meeting link, so /book has slots on a fresh clone. A partner who has settings already is left as they are.
 */
export const DEMO_PARTNER_SETTINGS: PartnerSettings = {
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 17 * 60 })),
  daysOff: [],
  noticeMinutes: 24 * 60,
  bufferMinutes: 0,
  meetingLink: 'https://meet.example.com/vantia-intro',
};

/** Makes the local admin the demo partner; answers their username, or null when there is none or they had settings. */
export async function seedDemoPartner(): Promise<string | null> {
  const username = env().ADMIN_USERNAME;
  if (!username) return null;
  const admin = (await getUser(username)) ?? (await bootstrapAdmin(username));
  if (!admin || (await getPartnerSettings(admin.id))) return null;
  await savePartnerSettings(admin.id, DEMO_PARTNER_SETTINGS);
  return admin.username;
}
