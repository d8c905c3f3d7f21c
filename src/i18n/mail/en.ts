/**
 * The texts of every e-mail the site sends (src/features/mail/templates.ts renders them, escaping every value):
 * lead alerts to the firm, and the newsletter's mails to subscribers. `{name}` placeholders are filled in.
 */
export const mailEn = {
  // common
  'mail.footer.sentBy': 'Sent by the website of {siteName}.',
  // lead alerts (to the firm)
  'alert.contact.subject': 'New contact message from {name}',
  'alert.chat.subject': 'New lead from the chat assistant: {name}',
  'alert.video.subject': 'Video call finished ({duration})',
  'alert.contact.intro': 'A visitor sent a message through the contact form.',
  'alert.chat.intro': 'A visitor asked the chat assistant to talk to the team.',
  'alert.whatsapp.subject': 'New lead from the assistant on WhatsApp: {name}',
  'alert.whatsapp.intro': 'Someone who wrote to the firm on WhatsApp asked the assistant to talk to the team.',
  'alert.video.intro': 'A video call with the AI avatar has finished. Its transcript is below.',
  'alert.field.name': 'Name',
  'alert.field.email': 'E-mail',
  'alert.field.company': 'Company',
  'alert.field.phone': 'Phone',
  'alert.field.service': 'Service of interest',
  'alert.field.language': 'Language',
  'alert.field.started': 'Started',
  'alert.field.duration': 'Duration',
  'alert.field.message': 'Message',
  'alert.field.transcript': 'Transcript',
  'alert.none': '—',
  'alert.noTranscript': 'No transcript available yet.',
  'alert.speaker.user': 'User',
  'alert.speaker.assistant': 'CEO Assistant',
  'alert.open': 'Open in the dashboard',
  'alert.seconds': '{count} s',
  // newsletter: confirmation of a sign-up (double opt-in)
  'confirm.subject': 'Please confirm your subscription to the {siteName} newsletter',
  'confirm.greeting': 'Hello,',
  'confirm.text':
    'Someone, hopefully you, asked to receive the {siteName} newsletter at this address. To confirm, open the link below and press the button.',
  'confirm.button': 'Confirm my subscription',
  'confirm.ignore':
    'If it was not you, ignore this e-mail: you will not be subscribed, and we will forget the address within 30 days.',
  // newsletter issues
  'issue.unsubscribe': 'Unsubscribe',
  'issue.footer': 'You receive this e-mail because you subscribed to the {siteName} newsletter.',
  'issue.testPrefix': '[Test]',
  // request for investor access (src/features/leads/access-requests.ts) and the invitation of a new investor account
  'alert.investor.subject': 'Request for investor access from {name}',
  'alert.investor.intro':
    'A prospective investor asked for access to the investor area. Create the account from the message in the dashboard.',
  'invite.subject': 'Your investor account at {siteName}',
  'invite.greeting': 'Hello {name},',
  'invite.text':
    'We have created an investor account for you at {siteName}. Your username is {username}. To choose your password, open the link below.',
  'invite.button': 'Set my password',
  'invite.expiry': 'The link works once and expires in {days} days. After that, please ask us for a new invitation.',
  'invite.ignore': 'If you did not ask for access, ignore this e-mail: nobody can use the account without this link.',
  // lead inbox: a partner's reply to a lead (a template the partner edits before sending)
  'ack.subject': 'We have your message – {siteName}',
  'ack.intro.form':
    'Thank you for writing to {siteName}: we have the message sent with this address through the contact form of our website.',
  'ack.intro.chat':
    "Thank you for talking to {siteName}'s chat assistant: we have your request, made with this address, to talk to our team.",
  'ack.next': 'A partner will answer within one working day.',
  'ack.field.received': 'Received',
  'ack.field.channel': 'Channel',
  'ack.field.service': 'Service of interest',
  'ack.field.reference': 'Reference',
  'ack.channel.form': 'Contact form',
  'ack.channel.chat': 'Chat assistant',
  'ack.service.none': 'Not specified',
  'ack.privacy': 'How we handle your data: our privacy policy',
  'ack.notYou':
    'If you did not write to us, someone may have entered your address by mistake: please ignore this e-mail. We will not add your address to any mailing list.',
  'reply.subject': 'Your message to {siteName}',
  'reply.body': 'Hello {name},\n\nThank you for contacting {siteName}. \n\nKind regards,\n{sender}\n{siteName}',
  'reply.quote': 'Your message of {date}:',
  'reply.footer': 'You receive this e-mail in reply to your message to {siteName}.',
  // lead inbox: the weekly digest to the firm
  'digest.subject': 'Leads of the week: {new} new, {unanswered} unanswered',
  'digest.intro': 'Leads that nobody has replied to or closed yet.',
  'digest.new': 'New this week ({count})',
  'digest.unanswered': 'Still unanswered from earlier weeks ({count})',
  'digest.none': 'None.',
  'digest.more': 'More leads wait in the dashboard than this e-mail lists.',
  'digest.source.form': 'contact form',
  'digest.source.chat': 'chat assistant',
  'digest.source.video': 'video call',
  'digest.source.investor': 'request for investor access',
  'digest.source.booking': 'booked meeting',
  'digest.source.whatsapp': 'WhatsApp',
  'digest.open': 'Open the inbox',
  'digest.site': 'The site this week',
  'digest.visitors': '{count} visitors',
  'digest.sources': 'Top sources: {sources}',
  'digest.noSources': 'Top sources: none yet (direct visits only)',
  'digest.page': 'The page that brought the most leads: {path} ({count})',
  'digest.noPage': 'No lead came through a visit this week.',
  // meetings (src/features/meetings/mails.ts): the visitor's confirmation, reminder and cancellation carry nothing the
  // visitor typed (docs/decisions/0046); the partner's alert carries the booking
  'meeting.summary': 'Introductory call with {partner} ({siteName})',
  'meeting.description': 'To cancel or move this meeting: {manage}',
  'meeting.when': '{when} (Madrid time)',
  'meeting.field.when': 'When',
  'meeting.field.with': 'With',
  'meeting.field.where': 'Where',
  'meeting.field.reference': 'Reference',
  'meeting.field.topic': 'Topic',
  'meeting.noLink': 'We will send you the link to join before the meeting.',
  'meeting.confirm.subject': 'Your meeting with {siteName} on {when}',
  'meeting.confirm.intro':
    'Your introductory call with {siteName} is booked. The invitation is attached: add it to your calendar.',
  'meeting.manage': 'Cancel or move the meeting',
  'meeting.notYou':
    'If you did not book this meeting, someone may have entered your address by mistake: cancel it with the link above.',
  'meeting.alert.subject': 'Meeting booked: {name}, {when}',
  'meeting.alert.intro': 'A visitor booked an introductory call through the website. The invitation is attached.',
  'meeting.cancel.subject': 'Cancelled: your meeting with {siteName} on {when}',
  'meeting.cancel.intro.visitor': 'Your meeting has been cancelled, as you asked. The time is free again.',
  'meeting.cancel.intro.firm': 'We are sorry: {siteName} has had to cancel your meeting.',
  'meeting.cancel.message': 'Message from {siteName}:',
  'meeting.cancel.rebook': 'Book another time',
  'meeting.cancel.alert.subject': 'Meeting cancelled: {name}, {when}',
  'meeting.cancel.byVisitor': 'the visitor, with their link',
  'meeting.cancel.alert.intro': 'This meeting has been cancelled (by {by}). Its time is free again.',
  'meeting.reminder.subject': 'Reminder: your meeting with {siteName} on {when}',
  'meeting.reminder.intro': 'A reminder of your introductory call with {siteName}, in less than 24 hours.',
  'meeting.reminder.manage': 'To cancel or move it, use the link in your confirmation e-mail.',
} as const;

export type MailKey = keyof typeof mailEn;
