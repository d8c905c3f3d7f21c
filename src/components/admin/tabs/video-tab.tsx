import { ConversationTab } from '../inbox/conversation-tab';
import { videoConversations } from '../inbox/video';

export function VideoTab() {
  return <ConversationTab kind={videoConversations} />;
}
