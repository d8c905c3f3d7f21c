import { localePath, useTranslations } from '../../i18n';
import { languageRow, type Language } from '../../i18n/languages';
import { Conflict, InvalidInput, LimitReached, Unavailable } from '../../platform/errors';
import type { LeadBooking, LeadState } from '../conversations/schema';
import { book, offeredSlots } from '../meetings/booking';
import { partnerName } from '../meetings/mails';
import { BOOK_PATH, MAX_UPCOMING_PER_ADDRESS, MEETINGS_TIME_ZONE } from '../meetings/schema';
import { getPartner } from '../meetings/store';

/**
 * The chat's meeting offer (docs/product.md, "Meetings" and "Chat"): when a visitor asks to meet, call or talk to
 * someone, the assistant offers the next OFFERED_SLOTS free times as buttons (`slots` in /api/chat's answer: each
 * button sends its label) and a link to /book; then, like the lead flow (./lead.ts), it asks consent, name, e-mail,
 * company and, last, the topic, and books through the same domain function as POST /api/meetings (its quotas, its
 * slot check, its mails). The state lives on the session (`booking` of the lead state), never in what a client sends.
 */

export const OFFERED_SLOTS = 3;

const MEETING_WISH = [
  /\b(book|schedule|arrange|set up|have|get)\s+(a|an)\s+(call|meeting|appointment|video call|chat with)\b/i,
  /\b(meet|talk|speak)\s+(with|to)\s+(someone|somebody|a person|a human|you|your|the|an?)\b/i,
  /\b(can|could|shall|may)\s+we\s+(meet|talk|speak|have a call)\b/i,
  /\b(i'?d like|i would like|i want|i wish)\s+(a|an|to)\s+(meeting|call|meet|talk|speak)\b/i,
  /\b(call me|meet (with )?(your|the) team)\b/i,
  /(reservar|agendar|concertar|programar|tener|organizar)\s+(una\s+)?(reuni[oó]n|llamada|cita)/i,
  /(reunirnos|reunirme|reunirse|quedar con|hablar con|ll[aá]menme|llamarme)/i,
  /(quiero|quisiera|me gustar[ií]a)\s+(una\s+|tener una\s+)?(reuni[oó]n|llamada|cita)/i,
];

/** Whether a message asks to meet, call or talk to someone. */
export function wantsMeeting(text: string): boolean {
  return MEETING_WISH.some((pattern) => pattern.test(text));
}

/** A slot as its button and the assistant say it: "Tue, Dec 8, 09:00 (Madrid time)". */
export function slotLabel(start: string, lang: Language): string {
  const when = new Intl.DateTimeFormat(languageRow(lang).locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: MEETINGS_TIME_ZONE,
  }).format(new Date(start));
  return useTranslations(lang)('assistant.meetingSlot', { when });
}

/** A reply of the offer: its text, the state after it, the buttons' labels, and whether it booked. */
export interface MeetingReply {
  text: string;
  state: LeadState | null;
  slots?: string[];
  /** Each button's start (ISO UTC), so the widget can show it in the visitor's time zone with Madrid's beside it. */
  starts?: string[];
  filed?: true;
}

const bookUrl = (lang: Language) => localePath(lang, BOOK_PATH);

/**
 * The next free times as buttons (`intro`: the offer, or "that time was just taken"), keeping what the visitor
 * already gave; null when no partner has a free time (the lead flow answers instead).
 */
export async function offerMeeting(
  lang: Language,
  now: Date,
  state: LeadState | null,
  intro: 'assistant.meetingOffer' | 'assistant.meetingTaken' = 'assistant.meetingOffer',
): Promise<MeetingReply | null> {
  const { slots } = await offeredSlots(now);
  const offered = slots.slice(0, OFFERED_SLOTS).map(({ start, partnerId }) => ({ start, partnerId }));
  if (!offered.length) return null;
  const booking: LeadBooking = {
    offered,
    chosen: null,
    company: state?.booking?.company ?? null,
    topic: state?.booking?.topic ?? null,
  };
  return {
    text: useTranslations(lang)(intro, { bookUrl: bookUrl(lang) }),
    state: {
      step: 'slot',
      consent: state?.consent ?? false,
      name: state?.name ?? null,
      email: state?.email ?? null,
      booking,
    },
    slots: offered.map((slot) => slotLabel(slot.start, lang)),
    starts: offered.map((slot) => slot.start),
  };
}

/** A slot's time of day in Madrid, as its label writes it ("09:30"). */
function madridTime(start: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: MEETINGS_TIME_ZONE,
  }).format(new Date(start));
}

/**
 * The offered time a message names: a button's label, its number (1 to 3, as WhatsApp's numbered list asks: "2",
 * "2.", "el 2", "option 2"), or its time of day when only one offered time has it ("09:30", "9:30").
 */
function chosenSlot(message: string, booking: LeadBooking, lang: Language): LeadBooking['offered'][number] | null {
  const said = message.trim().toLocaleLowerCase();
  const byLabel = booking.offered.find((slot) => slotLabel(slot.start, lang).toLocaleLowerCase() === said);
  if (byLabel) return byLabel;
  const number = /^(?:(?:el|la|la opci[oó]n|opci[oó]n|n[uú]mero|number|option|no\.?)\s*)?([1-3])\s*[.)!]?$/u.exec(said);
  if (number) return booking.offered[Number(number[1]) - 1] ?? null;
  const time = /^(?:(?:a las|at)\s*)?(\d{1,2})[:.h](\d{2})\s*(?:h|horas?)?\.?$/u.exec(said);
  if (!time) return null;
  const wanted = `${time[1]!.padStart(2, '0')}:${time[2]}`;
  const matching = booking.offered.filter((slot) => madridTime(slot.start) === wanted);
  return matching.length === 1 ? matching[0]! : null;
}

/**
 * The visitor's answer to the offer: a time chosen (then consent is asked, or, when everything is already known,
 * as after a time was taken, the meeting is booked), the offer again, or null: the message is something else, and
 * the conversation leaves the flow.
 */
export async function chooseSlot(
  message: string,
  state: LeadState & { booking: LeadBooking },
  lang: Language,
  ip: string,
  now: Date,
  phone: string | null = null,
  visitor: string | null = null,
): Promise<MeetingReply | null> {
  const t = useTranslations(lang);
  const chosen = chosenSlot(message, state.booking, lang);
  if (!chosen) {
    if (wantsMeeting(message)) return offerMeeting(lang, now, state);
    return null;
  }
  const booking = { ...state.booking, chosen };
  if (state.consent && state.name && state.email && booking.topic) {
    return bookChosen({ ...state, booking }, lang, ip, now, phone, visitor);
  }
  return {
    text: t('assistant.meetingConsent', {
      when: slotLabel(chosen.start, lang),
      privacyUrl: localePath(lang, '/privacy-policy'),
    }),
    state: { step: 'consent', consent: false, name: state.name, email: state.email, booking },
  };
}

/**
 * Books the chosen time with what the visitor gave, through the same rules as POST /api/meetings: booked (the
 * flow ends), the time taken meanwhile (the next free times again), the address's meetings to come at their cap, or
 * a quota reached. `phone`: the visitor's, when the channel knows it (WhatsApp): the booking's lead carries it,
 * written in the booking's transaction. Once booked, the answer is the confirmation whatever fails after it (the
 * partner's name unread: the partner is named generically), so the flow ends and is never booked twice.
 */
export async function bookChosen(
  state: LeadState & { booking: LeadBooking },
  lang: Language,
  ip: string,
  now: Date,
  phone: string | null = null,
  visitor: string | null = null,
): Promise<MeetingReply> {
  const t = useTranslations(lang);
  const { chosen, company, topic } = state.booking;
  const failed = { text: t('assistant.meetingError', { bookUrl: bookUrl(lang) }), state: null };
  if (!chosen || !state.name || !state.email || !topic) return failed;
  let booked;
  try {
    booked = await book(
      { start: chosen.start, partnerId: chosen.partnerId, name: state.name, email: state.email, company, topic, phone },
      lang,
      ip,
      now,
      visitor,
    );
  } catch (error) {
    if (error instanceof Conflict && error.field === 'email') {
      const contactUrl = `${localePath(lang, '/')}#contact`;
      return { text: t('assistant.meetingUpcoming', { max: MAX_UPCOMING_PER_ADDRESS, contactUrl }), state: null };
    }
    if (error instanceof Conflict || (error instanceof InvalidInput && error.field === 'start')) {
      return (await offerMeeting(lang, now, state, 'assistant.meetingTaken')) ?? failed;
    }
    if (error instanceof LimitReached || error instanceof Unavailable) {
      return { text: t('assistant.meetingLimit', { contactUrl: `${localePath(lang, '/')}#contact` }), state: null };
    }
    if (error instanceof InvalidInput) return failed;
    throw error;
  }
  const partner = await getPartner(chosen.partnerId).catch((error: unknown) => {
    console.error(`Meeting ${booked.id} booked; its partner's name not read`, error);
    return null;
  });
  return {
    text: t('assistant.meetingBooked', {
      name: state.name,
      partner: partner ? partnerName(partner) : t('assistant.meetingPartner'),
      when: slotLabel(booked.start, lang),
      email: state.email,
    }),
    state: null,
    filed: true,
  };
}
