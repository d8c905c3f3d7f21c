import { newId } from '../ids';
import { contactMessageSchema, type ContactInput, type ContactMessage } from '../schemas/contact';
import { indexEmail, unindexRecord } from './email-index';
import { EventLog } from './event-log';

const log = new EventLog<ContactMessage>('contact-messages', contactMessageSchema);
const PREFIX = 'messages/';

/** Stores a visitor's message exactly as given; pages show it as text, never as HTML. */
export async function addContactMessage(
  input: Omit<ContactInput, 'website'>,
  source: ContactMessage['source'] = 'form',
  sessionId?: string,
): Promise<ContactMessage> {
  const now = new Date();
  const message: ContactMessage = {
    id: newId(now.getTime()),
    name: input.name,
    email: input.email,
    company: input.company,
    phone: input.phone,
    serviceOfInterest: input.serviceOfInterest,
    message: input.message,
    source,
    ...(sessionId ? { sessionId } : {}),
    createdAt: now.toISOString(),
  };
  await log.put(`${PREFIX}${message.id}`, message);
  // Written by the server with the record: the e-mail index a privacy request reads (src/lib/stores/email-index.ts).
  await indexEmail(message.email, 'message', message.id);
  if (sessionId) await indexEmail(message.email, 'chat', sessionId);
  return message;
}

/** Every message, newest first. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const events = await log.read(PREFIX);
  return events.map(({ event }) => event).reverse();
}

/** One message by its id, or null. */
export async function getContactMessage(id: string): Promise<ContactMessage | null> {
  return log.get(`${PREFIX}${id}`);
}

/** Deletes one message and its e-mail index entries; false when there is none. */
export async function deleteContactMessage(id: string): Promise<boolean> {
  if ((await log.get(`${PREFIX}${id}`)) === null) return false;
  await log.remove(`${PREFIX}${id}`);
  await unindexRecord('message', id);
  return true;
}
