import { newId } from '../ids';
import { contactMessageSchema, type ContactInput, type ContactMessage } from '../schemas/contact';
import { EventLog } from './event-log';

const log = new EventLog<ContactMessage>('contact-messages', contactMessageSchema);
const PREFIX = 'messages/';

/** Stores a visitor's message exactly as given; pages show it as text, never as HTML. */
export async function addContactMessage(
  input: Omit<ContactInput, 'website'>,
  source: ContactMessage['source'] = 'form',
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
    createdAt: now.toISOString(),
  };
  await log.append(PREFIX, message);
  return message;
}

/** Every message, newest first. */
export async function listContactMessages(): Promise<ContactMessage[]> {
  const events = await log.read(PREFIX);
  return events.map(({ event }) => event).reverse();
}
