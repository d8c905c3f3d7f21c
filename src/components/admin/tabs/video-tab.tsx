import { useMemo } from 'react';
import { ConversationTab } from '../inbox/conversation-tab';
import { videoConversations } from '../inbox/video';
import { useAdminTexts } from '../language';

export function VideoTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => videoConversations(texts), [texts]);
  return <ConversationTab kind={kind} />;
}
