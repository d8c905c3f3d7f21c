import { useState } from 'react';
import { apiFetch } from '../../../client/api';
import { useTranslations } from '../../../i18n';
import { languageName } from '../../../i18n/languages';
import type { ContactMessage } from '../../../features/leads/contact-schema';
import { Button } from '../../react-ui/button';
import { useAdminLanguage, useAdminTexts } from '../language';
import { mutate, useQuery } from '../query';

interface Created {
  username: string;
  email: string;
}

/**
 * A request for investor access in the message's view: what the visitor chose, and the one-step "Create investor
 * account" (POST /api/contact-messages/{id}/investor-account: the account, the audit entry and the invitation mail).
 */
export function InvestorLead({ message }: { message: ContactMessage }) {
  const t = useAdminTexts().access;
  const { language } = useAdminLanguage();
  const site = useTranslations(language);
  const path = `/api/contact-messages/${message.id}/investor-account`;
  const key = `lead-account/${message.id}`;
  const existing = useQuery<{ username: string | null }>(key, path);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const lead = message.investor;
  if (!lead) return null;

  async function create() {
    setPending(true);
    const result = await mutate(() => apiFetch<Created>(path, { method: 'POST' }), {
      invalidates: [key, 'users'],
      success: t.createdToast,
      failure: t.failed,
    });
    if (result) setCreated(result);
    setPending(false);
  }

  const rows: Array<[string, string]> = [
    [t.ticketSize, site(`access.ticket.${lead.ticketSize}`)],
    [t.sectors, lead.sectors.map((sector) => site(`access.sector.${sector}`)).join(', ')],
    [t.regions, lead.regions.map((region) => site(`access.region.${region}`)).join(', ')],
    [t.language, languageName(lead.language, language)],
  ];
  const username = created?.username ?? existing.data?.username ?? null;
  return (
    <div className="space-y-3" data-investor-lead>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="pt-1">
        {created ? (
          <p role="status" className="text-emerald-800" data-investor-account>
            {t.created(created.username, created.email)}
          </p>
        ) : username ? (
          <p className="text-slate-700" data-investor-account>
            {t.accountExists(username)}
          </p>
        ) : (
          <Button onClick={() => void create()} disabled={pending || existing.loading} data-create-investor>
            {pending ? t.creating : t.createAccount}
          </Button>
        )}
      </div>
    </div>
  );
}
