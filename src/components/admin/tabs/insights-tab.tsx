import { useMemo } from 'react';
import { ContentTab } from '../content/content-tab';
import { insightKind } from '../content/insight';
import { useAdminTexts } from '../language';

export function InsightsTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => insightKind(texts), [texts]);
  return <ContentTab kind={kind} />;
}
