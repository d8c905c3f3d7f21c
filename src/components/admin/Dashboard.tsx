import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '../../client/cn';
import { Button, buttonVariants } from '../react-ui/button';
import { AccessDeniedPanel } from './access-denied';
import { AnalyticsTab } from './tabs/analytics-tab';
import { logout, viewSite, type DashboardUser } from './session';
import { InsightsTab } from './tabs/insights-tab';
import { AuditTab } from './tabs/audit-tab';
import { DocumentsAdminTab } from './tabs/documents-admin-tab';
import { InvestorDocumentsTab } from './tabs/investor-documents-tab';
import { InvestorUpdatesAdminTab } from './tabs/investor-updates-admin-tab';
import { InvestorUpdatesTab } from './tabs/investor-updates-tab';
import { PrivacyTab } from './tabs/privacy-tab';
import { TaxonomyTab } from './tabs/taxonomy-tab';
import { UsersTab } from './tabs/users-tab';
import { PasswordDialog } from './password-dialog';
import { ProfileDialog, ProfileProvider } from './profile';
import { ContactDialog } from './inbox/contact';
import { MessagesTab } from './tabs/messages-tab';
import { MeetingsTab } from './tabs/meetings-tab';
import { MailNotice } from './mail-notice';
import { NewsletterTab } from './tabs/newsletter-tab';
import { NewsletterIssuesTab } from './tabs/newsletter-issues-tab';
import { PortfolioTab } from './tabs/portfolio-tab';
import { ClientsTab, TeamTab, TestimonialsTab } from './tabs/firm-tabs';
import { VideoTab } from './tabs/video-tab';
import { WhatsAppTab } from './tabs/whatsapp-tab';
import type { AdminTexts } from '../../i18n/admin';
import { LANGUAGES, languageName, languageRow } from '../../i18n/languages';
import { useAdminLanguage, useAdminTexts } from './language';

/** The overview's charts load with the dashboard only, in a chunk of their own. */
const OverviewPanel = lazy(() => import('./overview'));

type TabComponent = (props: { user: DashboardUser }) => React.ReactNode;

/** The admin's tabs (docs/product.md, "Admin dashboard"); the server refuses every one of their routes to others. */
const ADMIN_TABS: Array<[id: string, label: (texts: AdminTexts) => string, Tab: TabComponent]> = [
  ['portfolio', (texts) => texts.tabs.portfolio, PortfolioTab],
  ['insights', (texts) => texts.tabs.insights, InsightsTab],
  ['messages', (texts) => texts.tabs.messages, MessagesTab],
  ['meetings', (texts) => texts.meetings.tab, MeetingsTab],
  ['analytics', (texts) => texts.analytics.tab, AnalyticsTab],
  ['newsletter', (texts) => texts.tabs.newsletter, NewsletterTab],
  ['whatsapp', (texts) => texts.tabs.whatsapp, WhatsAppTab],
  ['video', (texts) => texts.tabs.video, VideoTab],
  ['team', (texts) => texts.firm.tabs.team, TeamTab],
  ['clients', (texts) => texts.firm.tabs.clients, ClientsTab],
  ['testimonials', (texts) => texts.firm.tabs.testimonials, TestimonialsTab],
  ['users', (texts) => texts.roles.tabs.users, UsersTab],
  ['audit', (texts) => texts.roles.tabs.audit, AuditTab],
  ['investor-updates', (texts) => texts.investors.tabs.manageUpdates, InvestorUpdatesAdminTab],
  ['investor-documents', (texts) => texts.investors.tabs.manageDocuments, DocumentsAdminTab],
  ['privacy', (texts) => texts.privacy.tab, PrivacyTab],
  ['taxonomy', (texts) => texts.taxonomy.tab, TaxonomyTab],
  ['newsletter-issues', (texts) => texts.newsletterIssues.tab, NewsletterIssuesTab],
];

/** An investor's tabs (docs/roles.md). */
const INVESTOR_TABS: Array<[id: string, label: (texts: AdminTexts) => string, Tab: TabComponent]> = [
  ['updates', (texts) => texts.investors.tabs.updates, InvestorUpdatesTab],
  ['documents', (texts) => texts.investors.tabs.documents, InvestorDocumentsTab],
];

/** The tab a link names (`/admin#messages`, or `/admin#messages/{id}` as e-mail alerts link), when it is one of the dashboard's. */
function tabFromHash(): string | undefined {
  const id = window.location.hash.slice(1).split('/')[0];
  return [...ADMIN_TABS, ...INVESTOR_TABS].some(([tab]) => tab === id) ? id : undefined;
}

/**
 * The dashboard (docs/product.md, "Admin dashboard"): over the page, which becomes inert behind it. An admin sees
 * the admin's tabs, an investor the investor's; an admin screen opened by an investor (a link to `/admin#messages`)
 * says Access Denied, as the server does for its data.
 */
export default function Dashboard({ user }: { user: DashboardUser }) {
  const adminTexts = useAdminTexts();
  const { language, setLanguage } = useAdminLanguage();
  const TABS = user.role === 'admin' ? ADMIN_TABS : INVESTOR_TABS;
  const [tab, setTab] = useState<string>(() => tabFromHash() ?? TABS[0]![0]);
  const [changingPassword, setChangingPassword] = useState(false);
  // The account as it is now: the Profile dialog changes its name and title, which sign its replies.
  const [profile, setProfile] = useState(user);
  const [editingProfile, setEditingProfile] = useState(false);
  const tabList = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the tab list is one row that scrolls sideways: the chosen tab (a link to /admin#privacy, a keyboard
    // arrow) is brought into it. Only the list scrolls: scrollIntoView could also scroll the dashboard.
    const list = tabList.current;
    const chosen = document.getElementById(`tab-${tab}`);
    if (!list || !chosen) return;
    const box = list.getBoundingClientRect();
    const place = chosen.getBoundingClientRect();
    if (place.left < box.left) list.scrollLeft -= box.left - place.left + 16;
    else if (place.right > box.right) list.scrollLeft += place.right - box.right + 16;
  }, [tab]);
  useEffect(() => {
    // A link to another tab of this page (`/admin#messages`) switches to it without a reload.
    const follow = () => {
      const id = tabFromHash();
      if (id) setTab(id);
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    const behind = document.querySelectorAll<HTMLElement>(
      'body > header, body > main, body > footer, body > a, [data-chat-launcher]',
    );
    behind.forEach((element) => (element.inert = true));
    document.documentElement.style.overflow = 'hidden';
    return () => {
      behind.forEach((element) => (element.inert = false));
      document.documentElement.style.overflow = '';
    };
  }, []);

  const heading = user.role === 'admin' ? adminTexts.title : adminTexts.roles.investorTitle;
  useEffect(() => {
    // The browser tab names the dashboard, in its language, while it is open; the page's own title comes back after.
    const pageTitle = document.title;
    document.title = adminTexts.ux.pageTitle(heading);
    return () => {
      document.title = pageTitle;
    };
  }, [adminTexts, heading]);

  function onTabKey(event: React.KeyboardEvent, index: number) {
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : null;
    if (next === null) return;
    const target = TABS[(next + TABS.length) % TABS.length]![0];
    setTab(target);
    document.getElementById(`tab-${target}`)?.focus();
  }

  const Active = TABS.find(([id]) => id === tab)?.[2] ?? AccessDeniedPanel;
  return (
    <ProfileProvider value={profile}>
      <div className="fixed inset-0 z-[95] overflow-y-auto bg-slate-50" lang={language} data-admin-dashboard>
        <header className="border-b border-slate-200 bg-white">
          <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-2 py-3">
            <h1 className="text-xl font-bold text-navy">
              {user.role === 'admin' ? adminTexts.title : adminTexts.roles.investorTitle}
            </h1>
            <div className="flex flex-wrap justify-end gap-2">
              {LANGUAGES.filter((other) => other !== language).map((other) => (
                <Button
                  key={other}
                  variant="secondary"
                  className="px-3 py-2"
                  lang={other}
                  title={adminTexts.languageSwitch(languageName(other, language, 'inline'))}
                  onClick={() => setLanguage(other)}
                  data-admin-language
                >
                  {languageRow(other).name}
                </Button>
              ))}
              <a
                href="/"
                className={buttonVariants({ variant: 'secondary', className: 'px-3 py-2' })}
                onClick={viewSite}
              >
                {adminTexts.backToSite}
              </a>
              <Button
                variant="secondary"
                className="px-3 py-2"
                onClick={() => setEditingProfile(true)}
                data-profile-open
              >
                {adminTexts.desk.profile.open}
              </Button>
              <Button variant="secondary" className="px-3 py-2" onClick={() => setChangingPassword(true)}>
                {adminTexts.roles.password.open}
              </Button>
              <Button className="px-3 py-2" onClick={() => void logout('sign-in')}>
                {adminTexts.logout}
              </Button>
            </div>
          </div>
        </header>
        {/* A named region (a landmark): the page's own <main> is inert behind the dashboard. */}
        <section aria-label={heading} className="container-page py-6">
          {user.role === 'admin' && <MailNotice />}
          {user.role === 'admin' && (
            <Suspense fallback={null}>
              <OverviewPanel />
            </Suspense>
          )}
          <div
            ref={tabList}
            role="tablist"
            aria-label={adminTexts.title}
            // Below 640 px: one row that scrolls inside itself, not five rows of tabs above the content. The line under
            // the tabs is a shadow there, since a scrolling box would clip the chosen tab's border drawn over a border.
            className="mb-6 flex gap-1 border-b border-slate-200 max-sm:overflow-x-auto max-sm:border-b-0 max-sm:shadow-[inset_0_-1px_0_var(--color-slate-200)] sm:flex-wrap"
          >
            {TABS.map(([id, label], index) => (
              <button
                key={id}
                id={`tab-${id}`}
                type="button"
                role="tab"
                aria-selected={tab === id}
                aria-controls="admin-panel"
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
                onKeyDown={(event) => onTabKey(event, index)}
                className={cn(
                  '-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap max-sm:mb-0 max-sm:px-3',
                  tab === id
                    ? 'border-emerald-700 text-emerald-800'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {label(adminTexts)}
              </button>
            ))}
          </div>
          <div id="admin-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
            <Active user={user} />
          </div>
          <PasswordDialog
            open={changingPassword}
            onClose={() => setChangingPassword(false)}
            onChanged={() => setChangingPassword(false)}
          />
          <ProfileDialog
            key={`${profile.displayName}\n${profile.title}`}
            user={profile}
            open={editingProfile}
            onClose={() => setEditingProfile(false)}
            onSaved={(saved) => {
              setProfile(saved);
              setEditingProfile(false);
            }}
          />
          {user.role === 'admin' && <ContactDialog />}
        </section>
      </div>
    </ProfileProvider>
  );
}
