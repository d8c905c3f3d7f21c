import { ContentTab } from '../content/content-tab';
import { portfolioKind } from '../content/portfolio';

export function PortfolioTab() {
  return <ContentTab kind={portfolioKind} />;
}
