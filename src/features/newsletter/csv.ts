import { csvDate, toCsv, type CsvRow } from '../../platform/csv';
import type { NewsletterSubscription } from './schema';

export const NEWSLETTER_CSV_HEADER = [
  'Full Name',
  'Email',
  'Registration Date',
  // Added after docs/product.md's columns (double opt-in): pending, confirmed or unsubscribed, and en or es.
  'Status',
  'Language',
] as const;
/** A subscriber's row: SPEC's three columns, then status and language (records from before double opt-in: confirmed, en). */
type SubscriberRow = Pick<NewsletterSubscription, 'id' | 'fullName' | 'email' | 'registrationDate'> &
  Partial<Pick<NewsletterSubscription, 'status' | 'language'>>;

export function newsletterRows(s: SubscriberRow): CsvRow[] {
  return [[s.fullName, s.email, csvDate(s.registrationDate), s.status ?? 'confirmed', s.language ?? 'en']];
}

export function newsletterCsv(subscriptions: SubscriberRow[]): string {
  return toCsv(NEWSLETTER_CSV_HEADER, subscriptions.flatMap(newsletterRows));
}
