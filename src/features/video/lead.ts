import { inferService } from '../chat/lead';
import { videoCallAttribution, videoConversation, videoLeadId } from './log';
import { emailsIn } from '../../platform/emails';
import { addContactMessage, getLead } from '../leads/messages-store';

/**
 * A finished video call in which the visitor said an e-mail address becomes a lead (source `video`) in the inbox:
 * a contact message whose id comes from the call's start and id (videoLeadId), so a replayed Tavus event finds it and
 * files nothing more; it names the call (`sessionId`). Its alert is the call's own (src/features/leads/alerts.ts): no second one.
 */
export async function fileVideoLead(sessionId: string): Promise<void> {
  const call = await videoConversation(sessionId);
  if (!call) return;
  const said = call.transcript.filter((line) => line.speaker === 'user').map((line) => line.text);
  const email = emailsIn(...said)[0];
  if (!email) return;
  const started = new Date(call.conversationStarted);
  const id = videoLeadId(sessionId, call.conversationStarted);
  if (await getLead(id)) return;
  const transcript = call.transcript
    .map((line) => `${line.speaker === 'user' ? 'User' : 'CEO Assistant'}: ${line.text}`)
    .join('\n')
    .slice(0, 5000);
  await addContactMessage(
    {
      name: email,
      email,
      company: null,
      phone: null,
      serviceOfInterest: inferService(said.map((content) => ({ role: 'user' as const, content }))),
      message: transcript,
    },
    'video',
    started,
    // The call it came from: the Video Calls list links the call to its person by it.
    sessionId,
    { language: call.language, id, attribution: await videoCallAttribution(sessionId) },
  );
}
