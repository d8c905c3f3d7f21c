import { localePath } from '../../i18n';
import { languageRow, type Language } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import { env } from '../../platform/env';
import { site } from '../../platform/site';
import { dashboardLink } from '../leads/alert-mails';
import { block, button, fields, link, paragraph } from '../mail/html';
import { outboxMail, type NewMail, type NewOutboxMail } from '../mail/outbox';
import { render, siteUrl, textFields, type RenderedMail } from '../mail/templates';
import type { MailCalendar } from '../mail/tables';
import { invitationIcs } from './ics';
import { BOOK_PATH, MANAGE_PATH, MEETINGS_TIME_ZONE } from './schema';
import type { MeetingRow, PartnerIdentity } from './store';

/**
 * A meeting's mails (docs/product.md, "Meetings"), each written once under its own outbox key, in the transaction of
 * the change it tells of (src/features/meetings/store.ts), and tried after the commit
 * (`meetings/{id}/confirmation`, `…/alert`, `…/cancel`, `…/cancel-alert`, `…/reminder`): the visitor's
 * confirmation with the invitation (METHOD:REQUEST) and the link to cancel or move it, the partner's alert with the
 * same invitation, the cancellation (METHOD:CANCEL) to both, and the reminder a day before. Anyone can type anyone's
 * address, so the visitor's mails carry nothing the visitor typed (docs/decisions/0046): the time, the partner, the
 * meeting link, a reference. The partner's alert carries the booking.
 */

type T = (key: MailKey, values?: Record<string, string | number>) => string;
const texts =
  (lang: Language): T =>
  (key, values) =>
    mailText(lang, key, { siteName: site.name, ...values });

/** A meeting's start as a mail says it, in Madrid time: "Tuesday, 8 December 2026, 9:00 (Madrid time)". */
export function meetingWhen(start: string, lang: Language): string {
  const when = new Intl.DateTimeFormat(languageRow(lang).locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: MEETINGS_TIME_ZONE,
  }).format(new Date(start));
  return mailText(lang, 'meeting.when', { when });
}

/** The visitor's page to cancel or move their meeting (it acts only on its button's POST). */
export function manageUrl(lang: Language, token: string): string {
  return `${siteUrl()}${localePath(lang, MANAGE_PATH)}?token=${encodeURIComponent(token)}`;
}

/** How a partner is named: their display name, else their username. */
export function partnerName(partner: Pick<PartnerIdentity, 'displayName' | 'username'>): string {
  return partner.displayName || partner.username;
}

/**
 * Where the partner's mails go: the firm's inbox (LEADS_TO), as every lead alert does; accounts have a username and no
 * address of their own. The invitation names the partner as organizer, at the firm's public address.
 */
const PARTNER_TO: NewMail['to'] = 'leads';

function calendar(
  meeting: MeetingRow,
  partner: PartnerIdentity,
  method: 'REQUEST' | 'CANCEL',
  lang: Language,
  manage: string | null,
  stamp: string,
): MailCalendar {
  const t = texts(lang);
  const content = invitationIcs({
    method,
    meetingId: meeting.id,
    start: meeting.startAt,
    end: meeting.endAt,
    stamp,
    summary: t('meeting.summary', { partner: partnerName(partner) }),
    description: manage ? t('meeting.description', { manage }) : meetingWhen(meeting.startAt, lang),
    organizer: { name: partnerName(partner), email: site.email },
    attendeeEmail: meeting.email,
    location: partner.meetingLink,
    url: manage,
  });
  return { method, content };
}

/** The rows every visitor's mail shows: when, with whom, where, a reference. */
function visitorRows(meeting: MeetingRow, partner: PartnerIdentity, t: T, lang: Language): Array<[string, string]> {
  return [
    [t('meeting.field.when'), meetingWhen(meeting.startAt, lang)],
    [t('meeting.field.with'), partnerName(partner)],
    [t('meeting.field.where'), partner.meetingLink ?? t('meeting.noLink')],
    [t('meeting.field.reference'), meeting.id],
  ];
}

/** The visitor's confirmation, in their language, with the invitation and the link to cancel or move the meeting. */
export function confirmationMail(
  meeting: MeetingRow,
  partner: PartnerIdentity,
  token: string,
): RenderedMail & { calendar: MailCalendar } {
  const lang = meeting.language;
  const t = texts(lang);
  const manage = manageUrl(lang, token);
  const rows = visitorRows(meeting, partner, t, lang);
  return {
    ...render(lang, t('meeting.confirm.subject', { when: meetingWhen(meeting.startAt, lang) }), [
      { text: t('meeting.confirm.intro'), html: paragraph(t('meeting.confirm.intro')) },
      { text: textFields(rows), html: fields(rows) },
      { text: `${t('meeting.manage')}: ${manage}`, html: button(t('meeting.manage'), manage) },
      { text: t('meeting.notYou'), html: paragraph(t('meeting.notYou'), 'font-size:13px;color:#6b7280') },
    ]),
    calendar: calendar(meeting, partner, 'REQUEST', lang, manage, meeting.createdAt),
  };
}

/** The partner's alert (in LEADS_LANGUAGE): who booked, when, what about; the invitation attached. */
export function partnerAlertMail(
  meeting: MeetingRow,
  partner: PartnerIdentity,
  lang: Language,
): RenderedMail & { calendar: MailCalendar } {
  const t = texts(lang);
  const when = meetingWhen(meeting.startAt, lang);
  const rows: Array<[string, string]> = [
    [t('meeting.field.when'), when],
    [t('meeting.field.with'), partnerName(partner)],
    [mailText(lang, 'alert.field.name'), meeting.name],
    [mailText(lang, 'alert.field.email'), meeting.email],
    [mailText(lang, 'alert.field.company'), meeting.company ?? mailText(lang, 'alert.none')],
    [mailText(lang, 'alert.field.language'), languageRow(meeting.language).name],
  ];
  const open = dashboardLink('messages', meeting.leadId);
  return {
    ...render(lang, t('meeting.alert.subject', { name: meeting.name, when }), [
      { text: t('meeting.alert.intro'), html: paragraph(t('meeting.alert.intro')) },
      { text: textFields(rows), html: fields(rows) },
      {
        text: `${t('meeting.field.topic')}:\n${meeting.topic}`,
        html: [paragraph(t('meeting.field.topic')), block(meeting.topic)],
      },
      { text: `${mailText(lang, 'alert.open')}: ${open}`, html: button(mailText(lang, 'alert.open'), open) },
    ]),
    calendar: calendar(meeting, partner, 'REQUEST', lang, null, meeting.createdAt),
  };
}

/** The visitor's cancellation (METHOD:CANCEL): by their own link, or by the firm with its message. */
export function cancellationMail(
  meeting: MeetingRow,
  partner: PartnerIdentity,
): RenderedMail & { calendar: MailCalendar } {
  const lang = meeting.language;
  const t = texts(lang);
  const byVisitor = meeting.cancelledBy === 'visitor';
  const intro = t(byVisitor ? 'meeting.cancel.intro.visitor' : 'meeting.cancel.intro.firm');
  const rows = visitorRows(meeting, partner, t, lang).filter(([label]) => label !== t('meeting.field.where'));
  const rebook = `${siteUrl()}${localePath(lang, BOOK_PATH)}`;
  const message = !byVisitor && meeting.cancelMessage ? meeting.cancelMessage : null;
  return {
    ...render(lang, t('meeting.cancel.subject', { when: meetingWhen(meeting.startAt, lang) }), [
      { text: intro, html: paragraph(intro) },
      ...(message
        ? [
            {
              text: `${t('meeting.cancel.message')}\n${message}`,
              html: [paragraph(t('meeting.cancel.message')), block(message)],
            },
          ]
        : []),
      { text: textFields(rows), html: fields(rows) },
      { text: `${t('meeting.cancel.rebook')}: ${rebook}`, html: link(t('meeting.cancel.rebook'), rebook) },
    ]),
    calendar: calendar(meeting, partner, 'CANCEL', lang, null, meeting.cancelledAt ?? meeting.createdAt),
  };
}

/** The partner's notice of a cancellation (METHOD:CANCEL), in LEADS_LANGUAGE. */
export function partnerCancellationMail(
  meeting: MeetingRow,
  partner: PartnerIdentity,
  lang: Language,
): RenderedMail & { calendar: MailCalendar } {
  const t = texts(lang);
  const when = meetingWhen(meeting.startAt, lang);
  const by = meeting.cancelledBy === 'visitor' ? t('meeting.cancel.byVisitor') : (meeting.cancelledBy ?? '');
  const intro = t('meeting.cancel.alert.intro', { by });
  const rows: Array<[string, string]> = [
    [t('meeting.field.when'), when],
    [mailText(lang, 'alert.field.name'), meeting.name],
    [mailText(lang, 'alert.field.email'), meeting.email],
  ];
  return {
    ...render(lang, t('meeting.cancel.alert.subject', { name: meeting.name, when }), [
      { text: intro, html: paragraph(intro) },
      { text: textFields(rows), html: fields(rows) },
    ]),
    calendar: calendar(meeting, partner, 'CANCEL', lang, null, meeting.cancelledAt ?? meeting.createdAt),
  };
}

/** The visitor's reminder, a day before: the time, the partner, the meeting link. */
export function reminderMail(meeting: MeetingRow, partner: PartnerIdentity): RenderedMail {
  const lang = meeting.language;
  const t = texts(lang);
  const rows = visitorRows(meeting, partner, t, lang);
  return render(lang, t('meeting.reminder.subject', { when: meetingWhen(meeting.startAt, lang) }), [
    { text: t('meeting.reminder.intro'), html: paragraph(t('meeting.reminder.intro')) },
    { text: textFields(rows), html: fields(rows) },
    {
      text: t('meeting.reminder.manage'),
      html: paragraph(t('meeting.reminder.manage'), 'font-size:13px;color:#6b7280'),
    },
  ]);
}

/**
 * A booking's two mails (the visitor's confirmation, the partner's alert), as the outbox stores them: the store writes
 * them in the booking's transaction (the confirmation holds the only copy of the cancel link), each once by its key.
 */
export function bookingMails(meeting: MeetingRow, partner: PartnerIdentity, token: string): NewOutboxMail[] {
  return [
    outboxMail({
      key: `meetings/${meeting.id}/confirmation`,
      to: [meeting.email],
      ...confirmationMail(meeting, partner, token),
    }),
    outboxMail({
      key: `meetings/${meeting.id}/alert`,
      to: PARTNER_TO,
      replyTo: meeting.email,
      ...partnerAlertMail(meeting, partner, env().LEADS_LANGUAGE),
    }),
  ];
}

/** A cancellation's two mails (METHOD:CANCEL to the visitor and to the partner), written with the cancellation. */
export function cancellationMails(meeting: MeetingRow, partner: PartnerIdentity): NewOutboxMail[] {
  return [
    outboxMail({ key: `meetings/${meeting.id}/cancel`, to: [meeting.email], ...cancellationMail(meeting, partner) }),
    outboxMail({
      key: `meetings/${meeting.id}/cancel-alert`,
      to: PARTNER_TO,
      ...partnerCancellationMail(meeting, partner, env().LEADS_LANGUAGE),
    }),
  ];
}

/** A meeting's reminder (once: its key), written with the mark that it was sent. */
export function reminderMails(meeting: MeetingRow, partner: PartnerIdentity): NewOutboxMail[] {
  return [
    outboxMail({ key: `meetings/${meeting.id}/reminder`, to: [meeting.email], ...reminderMail(meeting, partner) }),
  ];
}
