import { ADMIN_LOCALE } from '../../../i18n/admin';
import { adminLanguageNow } from '../language';

/** A calendar date as the dashboard's language writes it ("30 Jun 2026", "30 jun 2026"). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(ADMIN_LOCALE[adminLanguageNow()], { dateStyle: 'medium', timeZone: 'UTC' });
}
