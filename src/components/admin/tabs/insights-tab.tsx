import { ContentTab } from '../content/content-tab';
import { insightKind } from '../content/insight';

export function InsightsTab() {
  return <ContentTab kind={insightKind} />;
}
