import { useMemo } from 'react';
import { chatConversations } from '../inbox/chat';
import { useAdminTexts } from '../language';
import { ConversationTab } from '../inbox/conversation-tab';

/** The assistant's conversations on the website chat and on WhatsApp, under the tab named "WhatsApp Bot". */
export function WhatsAppTab() {
  const texts = useAdminTexts();
  const kind = useMemo(() => chatConversations(texts), [texts]);
  return <ConversationTab kind={kind} />;
}
