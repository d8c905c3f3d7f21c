import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { site } from '../../platform/site';

/**
 * A meeting's RFC 5545 invitation (docs/decisions/0049-meeting-slots-in-madrid-time-with-luxon.md): METHOD:REQUEST
 * when booked, METHOD:CANCEL (same UID, a higher SEQUENCE, STATUS:CANCELLED) when cancelled. Times in UTC; the
 * partner is the ORGANIZER, the visitor the ATTENDEE (by address only: nothing else the visitor typed), the meeting
 * link the LOCATION, the manage link the DESCRIPTION and URL.
 */
export interface Invitation {
  method: 'REQUEST' | 'CANCEL';
  meetingId: string;
  start: string;
  end: string;
  /** When the booking (or the cancellation) was made: the DTSTAMP. */
  stamp: string;
  summary: string;
  description: string;
  organizer: { name: string; email: string };
  attendeeEmail: string;
  location: string | null;
  url: string | null;
}

/** The UID of a meeting's event, the same in its request and its cancellation: the id at the firm's domain. */
export function meetingUid(meetingId: string): string {
  return `${meetingId}@${site.email.split('@')[1] ?? 'localhost'}`;
}

/** The invitation as the text of an `.ics` file (CRLF lines, folded at 75 octets). */
export function invitationIcs(invitation: Invitation): string {
  const calendar = ical({
    prodId: { company: site.name, product: 'meetings', language: 'EN' },
    method: invitation.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: meetingUid(invitation.meetingId),
    sequence: invitation.method === 'CANCEL' ? 1 : 0,
    start: new Date(invitation.start),
    end: new Date(invitation.end),
    stamp: new Date(invitation.stamp),
    summary: invitation.summary,
    description: invitation.description,
    organizer: invitation.organizer,
    attendees: [{ email: invitation.attendeeEmail, rsvp: false }],
    location: invitation.location,
    url: invitation.url,
    status: invitation.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
