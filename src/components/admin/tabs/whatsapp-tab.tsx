import { chatConversations } from '../inbox/chat';
import { ConversationTab } from '../inbox/conversation-tab';

/** The chat assistant's conversations, under the tab named "WhatsApp Bot". */
export function WhatsAppTab() {
  return <ConversationTab kind={chatConversations} />;
}
