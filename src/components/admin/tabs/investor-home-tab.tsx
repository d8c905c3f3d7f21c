import { useAdminTexts } from '../language';
import type { DashboardUser } from '../session';

/** An investor's first screen. */
export function InvestorHomeTab({ user }: { user: DashboardUser }) {
  const t = useAdminTexts().roles.home;
  return (
    <section className="py-4">
      <h2 className="text-xl font-semibold text-navy">{t.welcome(user.username)}</h2>
      <p className="mt-2 text-slate-700">{t.text}</p>
    </section>
  );
}
