import type { CsvRow } from '../../platform/csv';
import { taxonomyLabel, type Taxonomy } from '../taxonomy/schema';
import type { Lead } from './schema';

/**
 * The Messages tab's export (the lead inbox): SPEC's table columns first (Name, Email, Company, Service, Date), then
 * what the table's view shows (Phone, Message, Source, Language) and the lead's Status, Owner and Notes (the
 * partners' private notes: SPEC fixes no Messages export, so the lead's state is appended), then where the lead came
 * from (its attribution: channel, source, medium, campaign, referrer, landing page, the pages viewed joined with ' > ';
 * empty when no visit explains it) and how it ended (outcome, value in whole euros). Service is named as
 * the services and categories list names it in English (the file's language, like its header), or as stored when
 * the list does not hold it.
 */
export const MESSAGES_CSV_HEADER = [
  'Name',
  'Email',
  'Company',
  'Service',
  'Date',
  'Phone',
  'Message',
  'Source',
  'Language',
  'Status',
  'Owner',
  'Notes',
  'Channel',
  'Referrer source',
  'Medium',
  'Campaign',
  'Referrer',
  'Landing page',
  'Pages viewed',
  'Outcome',
  'Value (EUR)',
] as const;

export const messageRows = (taxonomy: Pick<Taxonomy, 'entries'>) =>
  function messageRow(lead: Lead): CsvRow[] {
    const { attribution } = lead;
    return [
      [
        lead.name,
        lead.email,
        lead.company,
        lead.serviceOfInterest && taxonomyLabel(taxonomy, lead.serviceOfInterest, 'en'),
        lead.createdAt,
        lead.phone,
        lead.message,
        lead.source,
        lead.language ?? 'en',
        lead.status,
        lead.owner,
        lead.notes,
        attribution?.channel ?? null,
        attribution?.source ?? null,
        attribution?.medium ?? null,
        attribution?.campaign ?? null,
        attribution?.referrer ?? null,
        attribution?.landingPage ?? null,
        attribution?.pagesViewed.join(' > ') ?? null,
        lead.outcome,
        lead.value,
      ],
    ];
  };
