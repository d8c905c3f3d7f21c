import { adminTexts } from '../texts';
import type { DashboardUser } from '../session';

const t = adminTexts.roles.home;

/** An investor's first screen. */
export function InvestorHomeTab({ user }: { user: DashboardUser }) {
  return (
    <section className="py-4">
      <h2 className="text-xl font-semibold text-navy">{t.welcome(user.username)}</h2>
      <p className="mt-2 text-slate-700">{t.text}</p>
    </section>
  );
}
