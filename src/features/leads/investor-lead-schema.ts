import { z } from 'zod';
import { languageSchema } from '../../platform/common-schema';

/** The choices of the request-access form (src/features/leads/access-schema.ts); labels are in the site dictionaries. */
export const TICKET_BANDS = ['under-250k', '250k-1m', '1m-5m', 'over-5m'] as const;
export const SECTORS = [
  'technology',
  'ai',
  'fintech',
  'health',
  'energy',
  'industry',
  'consumer',
  'real-estate',
] as const;
export const REGIONS = ['spain', 'europe', 'latin-america', 'north-america', 'global'] as const;
export type TicketBand = (typeof TICKET_BANDS)[number];
export type Sector = (typeof SECTORS)[number];
export type Region = (typeof REGIONS)[number];

/** What a lead from the request-access form keeps besides the contact message's fields. */
export const investorLeadSchema = z.object({
  ticketSize: z.enum(TICKET_BANDS),
  sectors: z.array(z.enum(SECTORS)),
  regions: z.array(z.enum(REGIONS)),
  language: languageSchema,
});
export type InvestorLead = z.infer<typeof investorLeadSchema>;
