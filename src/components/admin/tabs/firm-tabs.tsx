import { useMemo } from 'react';
import { ContentTab } from '../content/content-tab';
import { clientKind, teamKind, testimonialKind } from '../content/firm';
import { useAdminTexts } from '../language';

/** The partners on the home page. */
export function TeamTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => teamKind(texts), [texts]);
  return <ContentTab kind={kind} />;
}

/** The client logos on the home page. */
export function ClientsTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => clientKind(texts), [texts]);
  return <ContentTab kind={kind} />;
}

/** The client quotes on the home page. */
export function TestimonialsTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => testimonialKind(texts), [texts]);
  return <ContentTab kind={kind} />;
}
