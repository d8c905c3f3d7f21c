import { ADMIN_LOCALE } from '../../i18n/admin';
import { adminLanguageNow } from './language';

/** Dates and times as the dashboard's language writes them. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(ADMIN_LOCALE[adminLanguageNow()], { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
