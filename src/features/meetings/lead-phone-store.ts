import { eq, sql } from 'drizzle-orm';
import { database } from '../../platform/db/client';
import { contactMessages } from '../leads/tables';
import { meetings } from './tables';

/**
 * Gives a booked meeting's lead the visitor's phone, when the channel it was booked in knows it (WhatsApp: the
 * number the person wrote from). One statement; a lead that already has a phone keeps it.
 */
export async function setMeetingLeadPhone(meetingId: string, phone: string): Promise<void> {
  await database()
    .update(contactMessages)
    .set({ phone: sql`coalesce(${contactMessages.phone}, ${phone})` })
    .where(
      eq(contactMessages.id, sql`(select ${meetings.leadId} from ${meetings} where ${meetings.id} = ${meetingId})`),
    );
}
