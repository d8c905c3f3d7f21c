import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { database, type Queryable } from '../../platform/db/client';
import { hasSqlState, SQLSTATE } from '../../platform/db/errors';
import { Conflict, Gone, InvalidInput, NotFound } from '../../platform/errors';
import { isId, newId, tokenHash } from '../../platform/ids';
import type { Language } from '../../i18n/languages';
import { users } from '../accounts/tables';
import { addContactMessage } from '../leads/messages-store';
import type { Attribution } from '../analytics/schema';
import { mailOutbox } from '../mail/tables';
import { outboxRow, type NewOutboxMail } from '../mail/outbox-store';
import { normaliseEmail } from '../../platform/emails';
import { meetings, partnerDaysOff, partnerHours, partnerSettings } from './tables';
import { slotState, type Availability } from './slots';
import { MAX_DAYS, MAX_UPCOMING_PER_ADDRESS, SLOT_MINUTES, type Meeting, type PartnerSettings } from './schema';

/**
 * The meetings' records (docs/product.md, "Meetings"): partners' settings, their availability as the slot arithmetic
 * reads it (src/features/meetings/slots.ts), bookings taken once (the partial unique index and the partner's lock),
 * cancellations and the reminder's one send.
 */

const DAY_MS = 24 * 60 * 60_000;

/** A partner as mails and invitations name them. */
export interface PartnerIdentity {
  id: string;
  username: string;
  displayName: string | null;
  title: string | null;
  meetingLink: string | null;
}

export type MeetingRow = typeof meetings.$inferSelect;

/** The partners who offer slots: partner flag, an active admin's account (a demoted one offers none), settings saved. */
function offeringPartners(db: Queryable, partnerId?: string) {
  return db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      title: users.title,
      meetingLink: partnerSettings.meetingLink,
      noticeMinutes: partnerSettings.noticeMinutes,
      bufferMinutes: partnerSettings.bufferMinutes,
    })
    .from(users)
    .innerJoin(partnerSettings, eq(partnerSettings.userId, users.id))
    .where(
      and(
        eq(users.partner, true),
        eq(users.isActive, true),
        eq(users.role, 'admin'),
        partnerId ? eq(users.id, partnerId) : undefined,
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * Every offering partner's availability between `from` and `until` (hours, days off, confirmed meetings): four
 * statements whatever the number of partners.
 */
async function availabilities(db: Queryable, from: Date, until: Date, partnerId?: string): Promise<Availability[]> {
  const partners = await offeringPartners(db, partnerId);
  if (!partners.length) return [];
  const ids = partners.map((partner) => partner.id);
  // One after another: in `bookMeeting` they run on the transaction's one connection, which takes one statement at a
  // time anyway (pg warns about statements queued behind each other).
  const hours = await db.select().from(partnerHours).where(inArray(partnerHours.userId, ids));
  const daysOff = await db
    .select()
    .from(partnerDaysOff)
    .where(
      and(
        inArray(partnerDaysOff.userId, ids),
        gte(partnerDaysOff.day, new Date(from.getTime() - DAY_MS).toISOString().slice(0, 10)),
        lte(partnerDaysOff.day, new Date(until.getTime() + DAY_MS).toISOString().slice(0, 10)),
      ),
    );
  const busy = await db
    .select({ partnerId: meetings.partnerId, start: meetings.startAt, end: meetings.endAt })
    .from(meetings)
    .where(
      and(
        inArray(meetings.partnerId, ids),
        eq(meetings.status, 'confirmed'),
        // Wide enough for any buffer around the window's slots.
        lt(meetings.startAt, new Date(until.getTime() + DAY_MS).toISOString()),
        gt(meetings.endAt, new Date(from.getTime() - DAY_MS).toISOString()),
      ),
    );
  return partners.map((partner) => ({
    partnerId: partner.id,
    hours: hours.filter((row) => row.userId === partner.id),
    daysOff: daysOff.filter((row) => row.userId === partner.id).map((row) => row.day),
    noticeMinutes: partner.noticeMinutes,
    bufferMinutes: partner.bufferMinutes,
    busy: busy.filter((row) => row.partnerId === partner.id),
  }));
}

/** What the slots of the next `days` days are computed from (GET /api/meetings/slots). */
export function currentAvailability(now: Date, days: number = MAX_DAYS): Promise<Availability[]> {
  return availabilities(database(), now, new Date(now.getTime() + days * DAY_MS));
}

const partnerIdentity = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  title: users.title,
  meetingLink: partnerSettings.meetingLink,
};

/** A partner as mails and invitations name them, or null for an id that is none. */
export async function getPartner(id: string, db: Queryable = database()): Promise<PartnerIdentity | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select(partnerIdentity)
    .from(users)
    .leftJoin(partnerSettings, eq(partnerSettings.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

/** What a booking stores: the visitor's fields, the slot and the lead's message (the inbox shows it). */
export interface NewBooking {
  partnerId: string;
  start: Date;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  /** The visitor's phone, when the channel it was booked in knows it (WhatsApp: the number the person wrote from). */
  phone?: string | null;
  language: Language;
  /** Where the visitor came from (src/features/analytics): the booking's lead carries it. */
  attribution?: Attribution | null;
  /** The lead's message in the inbox (its time and the topic). */
  leadMessage: (partner: PartnerIdentity) => string;
  /** The cancel link's token (only its hash is stored). */
  token: string;
  /** The booking's mails, written to the outbox with it (the confirmation holds the only copy of the token). */
  mails: (meeting: MeetingRow, partner: PartnerIdentity) => NewOutboxMail[];
}

const TAKEN = 'That time is no longer free. Please choose another.';
const refuseStart = () => new InvalidInput('Choose one of the offered times', 'start');

/** The address's meetings still to come (confirmed, not started): at most MAX_UPCOMING_PER_ADDRESS are booked. */
function upcomingOfAddress(db: Queryable, email: string, now: Date): Promise<number> {
  return db.$count(
    meetings,
    and(
      eq(meetings.email, normaliseEmail(email)),
      eq(meetings.status, 'confirmed'),
      gt(meetings.startAt, now.toISOString()),
    ),
  );
}

/**
 * Refuses a booking the rules refuse: 400 (`start`) for a time the partner never offers, 409 (`start`) for one no
 * longer free (booked, inside a buffer, past the notice), 409 (`email`) for an address that has
 * MAX_UPCOMING_PER_ADDRESS meetings to come. Answers the partner.
 */
async function checkSlot(db: Queryable, booking: Pick<NewBooking, 'partnerId' | 'start'>, now: Date) {
  const [availability] = await availabilities(db, booking.start, booking.start, booking.partnerId);
  const partner = await getPartner(booking.partnerId, db);
  if (!availability || !partner) throw refuseStart();
  const state = slotState(availability, booking.start, now);
  if (state === 'none') throw refuseStart();
  if (state === 'taken') throw new Conflict(TAKEN, 'start');
  return partner;
}

async function checkBooking(
  db: Queryable,
  booking: Pick<NewBooking, 'partnerId' | 'start' | 'email'>,
  now: Date,
): Promise<PartnerIdentity> {
  const partner = await checkSlot(db, booking, now);
  if ((await upcomingOfAddress(db, booking.email, now)) >= MAX_UPCOMING_PER_ADDRESS) {
    throw new Conflict(`This address already has ${MAX_UPCOMING_PER_ADDRESS} meetings to come`, 'email');
  }
  return partner;
}

/**
 * The slot's rules, read only (no lock, nothing written): what POST /api/meetings checks before it takes any quota,
 * so a time no longer free costs none. Not the address's meetings to come: that answer says something about a person
 * (that they have business with the firm), so it is given only after the quotas are taken, in `bookMeeting`, and a
 * stranger cannot ask it for free. `bookMeeting` checks the slot again under its locks.
 */
export async function checkBookable(booking: Pick<NewBooking, 'partnerId' | 'start'>, now = new Date()): Promise<void> {
  if (!isId(booking.partnerId)) throw refuseStart();
  await checkSlot(database(), booking, now);
}

/**
 * Books a slot, or refuses as `checkBooking` does. One transaction: the partner's settings row is locked (FOR UPDATE)
 * so a partner's bookings are checked one at a time, and the address (a transaction-scoped advisory lock on its hash)
 * so its meetings to come are counted one booking at a time; then the slot is checked against the confirmed meetings
 * and their buffers, and the lead (source `booking`), the meeting and its mails' outbox rows are inserted: a booking
 * is never stored without its mails. The partial unique index on (partner, start) among confirmed meetings refuses a
 * second booking of a start even if the check were skipped.
 */
export async function bookMeeting(
  booking: NewBooking,
  now = new Date(),
): Promise<{ meeting: MeetingRow; partner: PartnerIdentity; mailKeys: string[] }> {
  if (!isId(booking.partnerId)) throw refuseStart();
  try {
    return await database().transaction(async (tx) => {
      const [locked] = await tx
        .select({ userId: partnerSettings.userId })
        .from(partnerSettings)
        .where(eq(partnerSettings.userId, booking.partnerId))
        .for('update');
      if (!locked) throw refuseStart();
      const address = `meetings:${normaliseEmail(booking.email)}`;
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${address}, 0))`);
      const partner = await checkBooking(tx, booking, now);
      const at = now.toISOString();
      const lead = await addContactMessage(
        {
          name: booking.name,
          email: booking.email,
          company: booking.company,
          phone: booking.phone ?? null,
          serviceOfInterest: null,
          message: booking.leadMessage(partner),
        },
        'booking',
        now,
        undefined,
        { language: booking.language, db: tx, attribution: booking.attribution ?? null },
      );
      const [meeting] = await tx
        .insert(meetings)
        .values({
          id: newId(now.getTime()),
          partnerId: booking.partnerId,
          startAt: booking.start.toISOString(),
          endAt: new Date(booking.start.getTime() + SLOT_MINUTES * 60_000).toISOString(),
          name: booking.name,
          email: booking.email,
          company: booking.company,
          topic: booking.topic,
          language: booking.language,
          cancelTokenHash: tokenHash(booking.token),
          leadId: lead.id,
          createdAt: at,
        })
        .returning();
      const mails = booking.mails(meeting!, partner);
      await insertMails(tx, mails);
      return { meeting: meeting!, partner, mailKeys: mails.map((mail) => mail.key) };
    });
  } catch (error) {
    if (hasSqlState(error, SQLSTATE.uniqueViolation)) throw new Conflict(TAKEN, 'start');
    throw error;
  }
}

/**
 * Writes mails to the outbox in the caller's transaction (a key ever queued is not queued again), due at once by the
 * outbox's own clock (the wall clock, as `queueMail` and the sender read it).
 */
async function insertMails(db: Queryable, mails: NewOutboxMail[]): Promise<void> {
  if (!mails.length) return;
  const due = new Date();
  await db
    .insert(mailOutbox)
    .values(mails.map((mail) => outboxRow(mail, due)))
    .onConflictDoNothing();
}

/** A meeting by its cancel link's token (the manage page), or null. */
export async function meetingByToken(token: string): Promise<MeetingRow | null> {
  const [row] = await database()
    .select()
    .from(meetings)
    .where(eq(meetings.cancelTokenHash, tokenHash(token)));
  return row ?? null;
}

export async function getMeeting(id: string): Promise<MeetingRow | null> {
  if (!isId(id)) return null;
  const [row] = await database().select().from(meetings).where(eq(meetings.id, id));
  return row ?? null;
}

/** A lead's meeting that is still to come and confirmed: its id, or null (a lead has at most one meeting). */
export async function upcomingMeetingOfLead(leadId: string, now = new Date()): Promise<string | null> {
  const [row] = await database()
    .select({ id: meetings.id })
    .from(meetings)
    .where(and(eq(meetings.leadId, leadId), eq(meetings.status, 'confirmed'), gt(meetings.startAt, now.toISOString())));
  return row?.id ?? null;
}

/**
 * Cancels a confirmed meeting that has not started: by the visitor (their link's token) or by an admin (their
 * username and a message for the visitor). One transaction: a conditional UPDATE (of racing cancellations one gets
 * the row back; the others get Gone) and the CANCEL mails' outbox rows (`mails`), so a cancellation is never stored
 * without them. The slot is free again at once (the unique index covers confirmed meetings only). Answers the
 * meeting and its mails' keys, to try after the commit.
 */
export async function cancelMeeting(
  id: string,
  by: { token: string } | { admin: string; message: string | null },
  mails: (meeting: MeetingRow, partner: PartnerIdentity) => NewOutboxMail[],
  now = new Date(),
): Promise<{ meeting: MeetingRow; mailKeys: string[] }> {
  const who = 'token' in by ? eq(meetings.cancelTokenHash, tokenHash(by.token)) : undefined;
  if (!isId(id)) throw new NotFound('No such meeting');
  const cancelled = await database().transaction(async (tx) => {
    const [row] = await tx
      .update(meetings)
      .set({
        status: 'cancelled',
        cancelledAt: now.toISOString(),
        cancelledBy: 'token' in by ? 'visitor' : by.admin,
        cancelMessage: 'token' in by ? null : by.message,
      })
      .where(and(eq(meetings.id, id), who, eq(meetings.status, 'confirmed'), gt(meetings.startAt, now.toISOString())))
      .returning();
    if (!row) return null;
    const partner = await getPartner(row.partnerId, tx);
    const outbox = partner ? mails(row, partner) : [];
    await insertMails(tx, outbox);
    return { meeting: row, mailKeys: outbox.map((mail) => mail.key) };
  });
  if (cancelled) return cancelled;
  const [existing] = await database()
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), who));
  if (!existing) throw new NotFound('No such meeting, or the link is not valid');
  if (existing.status === 'cancelled') throw new Gone('This meeting was already cancelled');
  throw new Gone('This meeting has already taken place');
}

/** Upcoming (soonest first) and past (latest first) meetings, at most `limit` each, with the partner's name. */
export async function listMeetings(now = new Date(), limit = 200): Promise<{ upcoming: Meeting[]; past: Meeting[] }> {
  const select = () =>
    database()
      .select({ meeting: meetings, partnerName: sql<string>`coalesce(${users.displayName}, ${users.username})` })
      .from(meetings)
      .innerJoin(users, eq(users.id, meetings.partnerId));
  const at = now.toISOString();
  const [upcoming, past] = await Promise.all([
    select().where(gt(meetings.endAt, at)).orderBy(asc(meetings.startAt), asc(meetings.id)).limit(limit),
    select().where(lte(meetings.endAt, at)).orderBy(desc(meetings.startAt), desc(meetings.id)).limit(limit),
  ]);
  const toMeeting = ({ meeting, partnerName }: { meeting: MeetingRow; partnerName: string }): Meeting => ({
    id: meeting.id,
    partnerId: meeting.partnerId,
    partnerName,
    start: meeting.startAt,
    end: meeting.endAt,
    name: meeting.name,
    email: meeting.email,
    company: meeting.company,
    topic: meeting.topic,
    language: meeting.language,
    status: meeting.status,
    leadId: meeting.leadId,
    createdAt: meeting.createdAt,
    cancelledAt: meeting.cancelledAt,
    cancelledBy: meeting.cancelledBy,
    cancelMessage: meeting.cancelMessage,
    reminderSentAt: meeting.reminderSentAt,
  });
  return { upcoming: upcoming.map(toMeeting), past: past.map(toMeeting) };
}

/**
 * Takes the confirmed meetings that start within `aheadMs` and have had no reminder (those booked less than `aheadMs`
 * before their start get none: their confirmation is as fresh), and writes their reminders (`mails`) to the outbox in
 * the same transaction: one UPDATE … RETURNING sets `reminder_sent_at`, so two runs of the job never both get a
 * meeting, and a meeting is never marked reminded without its mail. Answers the mails' keys, to try after the commit.
 */
export async function takeDueReminders(
  now: Date,
  mails: (meeting: MeetingRow, partner: PartnerIdentity) => NewOutboxMail[],
  aheadMs = DAY_MS,
  limit = 100,
): Promise<string[]> {
  return database().transaction(async (tx) => {
    const due = tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(
        and(
          eq(meetings.status, 'confirmed'),
          isNull(meetings.reminderSentAt),
          gt(meetings.startAt, now.toISOString()),
          lte(meetings.startAt, new Date(now.getTime() + aheadMs).toISOString()),
          lte(meetings.createdAt, sql`${meetings.startAt} - make_interval(secs => ${aheadMs / 1000})`),
        ),
      )
      .orderBy(asc(meetings.startAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const taken = await tx
      .update(meetings)
      .set({ reminderSentAt: now.toISOString() })
      .where(and(inArray(meetings.id, due), isNull(meetings.reminderSentAt)))
      .returning();
    if (!taken.length) return [];
    const partners = await tx
      .select(partnerIdentity)
      .from(users)
      .leftJoin(partnerSettings, eq(partnerSettings.userId, users.id))
      .where(inArray(users.id, [...new Set(taken.map((meeting) => meeting.partnerId))]));
    const outbox = taken.flatMap((meeting) => {
      const partner = partners.find((row) => row.id === meeting.partnerId);
      return partner ? mails(meeting, partner) : [];
    });
    await insertMails(tx, outbox);
    return outbox.map((mail) => mail.key);
  });
}

/** A partner's settings (the dashboard's form), or null when they have none. */
export async function getPartnerSettings(userId: string): Promise<PartnerSettings | null> {
  const [settings] = await database().select().from(partnerSettings).where(eq(partnerSettings.userId, userId));
  if (!settings) return null;
  const [hours, daysOff] = await Promise.all([
    database()
      .select({
        weekday: partnerHours.weekday,
        startMinute: partnerHours.startMinute,
        endMinute: partnerHours.endMinute,
      })
      .from(partnerHours)
      .where(eq(partnerHours.userId, userId))
      .orderBy(asc(partnerHours.weekday), asc(partnerHours.startMinute)),
    database()
      .select({ day: partnerDaysOff.day })
      .from(partnerDaysOff)
      .where(eq(partnerDaysOff.userId, userId))
      .orderBy(asc(partnerDaysOff.day)),
  ]);
  return {
    hours,
    daysOff: daysOff.map((row) => row.day),
    noticeMinutes: settings.noticeMinutes,
    bufferMinutes: settings.bufferMinutes,
    meetingLink: settings.meetingLink,
  };
}

/**
 * Makes a user a partner with these settings, replacing their hours and days off, in one transaction under the same
 * lock as a booking (a booking never sees half the new hours).
 */
export async function savePartnerSettings(userId: string, settings: PartnerSettings, db: Queryable = database()) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ partner: true }).where(eq(users.id, userId));
    const values = {
      noticeMinutes: settings.noticeMinutes,
      bufferMinutes: settings.bufferMinutes,
      meetingLink: settings.meetingLink,
      updatedAt: new Date(),
    };
    await tx
      .insert(partnerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: partnerSettings.userId, set: values });
    await tx.select().from(partnerSettings).where(eq(partnerSettings.userId, userId)).for('update');
    await tx.delete(partnerHours).where(eq(partnerHours.userId, userId));
    await tx.delete(partnerDaysOff).where(eq(partnerDaysOff.userId, userId));
    if (settings.hours.length)
      await tx.insert(partnerHours).values(settings.hours.map((range) => ({ userId, ...range })));
    const daysOff = [...new Set(settings.daysOff)];
    if (daysOff.length) await tx.insert(partnerDaysOff).values(daysOff.map((day) => ({ userId, day })));
  });
}
