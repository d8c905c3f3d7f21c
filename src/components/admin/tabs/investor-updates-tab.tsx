import { pick } from '../../../i18n/languages';
import type { InvestorUpdate } from '../../../features/investors/update-schema';
import { formatDate } from '../investors/format';
import { useAdminLanguage, useAdminTexts } from '../language';
import { ListState } from '../list-state';
import { useQuery } from '../query';
import type { DashboardUser } from '../session';

/** An investor's first screen: the firm's published updates, newest first (docs/roles.md). */
export function InvestorUpdatesTab({ user }: { user: DashboardUser }) {
  const texts = useAdminTexts().investors;
  const { language } = useAdminLanguage();
  const list = useQuery<InvestorUpdate[]>('investor-updates', '/api/investor-updates');
  return (
    <section aria-labelledby="investor-updates-heading" data-investor-updates>
      <h2 id="investor-updates-heading" className="text-xl font-semibold text-navy">
        {texts.welcome(user.username)}
      </h2>
      <p className="mt-1 text-slate-700">{texts.updates.intro}</p>
      <ListState loading={list.loading} error={list.error} empty={!list.data?.length} emptyText={texts.updates.empty}>
        <ol className="mt-6 space-y-6">
          {(list.data ?? []).map((update) => (
            <li key={update.id}>
              <article
                className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
                aria-labelledby={`update-${update.id}`}
              >
                <h3 id={`update-${update.id}`} className="text-lg font-semibold break-words text-navy">
                  {pick(update.title, language)}
                </h3>
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={update.createdAt}>{formatDate(update.createdAt)}</time>
                </p>
                {pick(update.description, language) && (
                  <p className="mt-3 font-medium text-slate-800">{pick(update.description, language)}</p>
                )}
                {/* Sanitised on the server on write and again on read (src/platform/sanitize.ts). */}
                <div
                  className="rich-text mt-3 break-words"
                  dangerouslySetInnerHTML={{ __html: pick(update.content, language) }}
                />
              </article>
            </li>
          ))}
        </ol>
      </ListState>
    </section>
  );
}
