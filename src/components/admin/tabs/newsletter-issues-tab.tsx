import { useMemo, useState } from 'react';
import { ContentTab } from '../content/content-tab';
import { IssueDialogs, newsletterIssueKind, type IssueDialog } from '../content/newsletter-issue';
import { useAdminTexts } from '../language';

/** Admins: newsletter issues, written, previewed, tested and sent (docs/product.md, "Newsletter issues"). */
export function NewsletterIssuesTab() {
  const texts = useAdminTexts();
  const [dialog, setDialog] = useState<IssueDialog>(null);
  const kind = useMemo(() => newsletterIssueKind(texts, setDialog), [texts]);
  return (
    <>
      <ContentTab kind={kind} />
      <IssueDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
