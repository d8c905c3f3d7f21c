import { useMemo } from 'react';
import { ContentTab } from '../content/content-tab';
import { portfolioKind } from '../content/portfolio';
import { useAdminTexts } from '../language';

export function PortfolioTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => portfolioKind(texts), [texts]);
  return <ContentTab kind={kind} />;
}
