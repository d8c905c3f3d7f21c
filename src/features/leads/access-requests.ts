import { recordGoal } from '../analytics/analytics';
import type { Attribution } from '../analytics/schema';
import { useTranslations } from '../../i18n';
import { DEFAULT_LANGUAGE, languageRow, type Language } from '../../i18n/languages';
import { alertContactMessage } from './alerts';
import type { AccessRequestInput } from './access-schema';
import type { ContactMessage } from './contact-schema';
import type { InvestorLead } from './investor-lead-schema';
import { addContactMessage } from './messages-store';

/**
 * A prospective investor's request for access (POST /api/access-requests) is a lead like a contact message: stored
 * in the contact-messages store with `source: 'investor'` and its choices, so it reaches the lead alert e-mail, the
 * Messages tab, CSV exports, retention and privacy requests unchanged. Its message text says the choices in English
 * (the firm's working language); the dashboard and the alert read `investor` too.
 */
export function investorSummary(lead: InvestorLead, lang: Language = DEFAULT_LANGUAGE): string {
  const t = useTranslations(lang);
  return [
    t('access.summary.title'),
    `${t('access.ticketSize')}: ${t(`access.ticket.${lead.ticketSize}`)}`,
    `${t('access.sectors')}: ${lead.sectors.map((sector) => t(`access.sector.${sector}`)).join(', ')}`,
    `${t('access.regions')}: ${lead.regions.map((region) => t(`access.region.${region}`)).join(', ')}`,
    `${t('access.summary.accredited')}`,
    `${t('access.summary.language')}: ${languageRow(lead.language).name}`,
  ].join('\n');
}

export async function fileAccessRequest(
  input: Omit<AccessRequestInput, 'website'>,
  visit: { visitor: string | null; attribution: Attribution | null } = { visitor: null, attribution: null },
): Promise<ContactMessage> {
  const investor: InvestorLead = {
    ticketSize: input.ticketSize,
    sectors: input.sectors,
    regions: input.regions,
    language: input.lang,
  };
  const message = await addContactMessage(
    {
      name: input.name,
      email: input.email,
      company: input.company,
      phone: null,
      serviceOfInterest: 'investment',
      message: investorSummary(investor),
      investor,
    },
    'investor',
    undefined,
    undefined,
    { attribution: visit.attribution },
  );
  await recordGoal('access-requested', visit.visitor);
  await alertContactMessage(message);
  return message;
}
