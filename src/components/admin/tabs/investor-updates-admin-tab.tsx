import { useMemo } from 'react';
import { ContentTab } from '../content/content-tab';
import { investorUpdateKind } from '../content/investor-update';
import { useAdminTexts } from '../language';

/** Admins: investor updates, drafts included (docs/roles.md). */
export function InvestorUpdatesAdminTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => investorUpdateKind(texts), [texts]);
  return <ContentTab kind={kind} />;
}
