import { localePath } from '../../i18n';
import { DEFAULT_LANGUAGE, languageRow, type Language } from '../../i18n/languages';
import { mailText, type MailKey } from '../../i18n/mail';
import { site } from '../../platform/site';
import { fields, link, paragraph } from '../mail/html';
import { queueMail } from '../mail/outbox';
import { render, siteUrl, textFields, type RenderedMail } from '../mail/templates';
import { addressQuota } from '../quotas/quotas';
import { takeSharedQuota, type DailyQuota } from '../quotas/store';
import { taxonomyForPage } from '../taxonomy/taxonomy';
import type { Taxonomy } from '../taxonomy/schema';
import { serviceName } from './alert-mails';
import type { Lead } from './schema';

/**
 * The acknowledgement a visitor gets after a contact message or a chat hand-off (docs/product.md, "Lead inbox";
 * docs/decisions/0046-acknowledgements-carry-no-typed-text.md). Anyone can type anyone's address into the form, so
 * it carries nothing the visitor typed (no name, no message, no company): only what the server knows (when, the
 * channel, the service chosen from the firm's list, a reference), what happens next, the privacy policy, and "if
 * this wasn't you, ignore this e-mail". At most one per address per UTC day, and at most ACKNOWLEDGEMENTS_PER_DAY
 * for the whole site; each request that causes one has already taken the visitor's contact or chat quota.
 */
export const ACKNOWLEDGEMENTS_PER_DAY = 200;
const SITE_QUOTA: DailyQuota = { prefix: 'acknowledgements' };

export type AcknowledgedChannel = 'form' | 'chat';

function received(at: string, lang: Language): string {
  const format = new Intl.DateTimeFormat(languageRow(lang).locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  });
  return `${format.format(new Date(at))} (Madrid)`;
}

/** The acknowledgement of a lead, in its page's language: no text the visitor typed. */
export function acknowledgementMail(
  lead: Pick<Lead, 'id' | 'createdAt' | 'serviceOfInterest' | 'language'>,
  channel: AcknowledgedChannel,
  taxonomy: Pick<Taxonomy, 'entries'>,
): RenderedMail {
  const lang = lead.language ?? DEFAULT_LANGUAGE;
  const t = (key: MailKey) => mailText(lang, key, { siteName: site.name });
  const rows: Array<[string, string]> = [
    [t('ack.field.received'), received(lead.createdAt, lang)],
    [t('ack.field.channel'), t(channel === 'chat' ? 'ack.channel.chat' : 'ack.channel.form')],
    [t('ack.field.service'), serviceName(lead.serviceOfInterest, lang, taxonomy) ?? t('ack.service.none')],
    [t('ack.field.reference'), lead.id],
  ];
  const intro = t(channel === 'chat' ? 'ack.intro.chat' : 'ack.intro.form');
  const privacy = `${siteUrl()}${localePath(lang, '/privacy-policy')}`;
  return render(lang, t('ack.subject'), [
    { text: `${intro}\n\n${t('ack.next')}`, html: [paragraph(intro), paragraph(t('ack.next'))] },
    { text: textFields(rows), html: fields(rows) },
    { text: `${t('ack.privacy')}: ${privacy}`, html: link(t('ack.privacy'), privacy) },
    { text: t('ack.notYou'), html: paragraph(t('ack.notYou'), 'font-size:13px;color:#6b7280') },
  ]);
}

/**
 * Mails the lead's address its acknowledgement, unless the address had one today (or the site has sent its day's).
 * Its outbox key sits under the lead's alert (`alerts/contact/{id}/ack`), so erasing the lead drops it too. Never
 * throws: the lead is stored, and the visitor's answer must not fail.
 */
export async function acknowledgeLead(lead: Lead, channel: AcknowledgedChannel, now = new Date()): Promise<void> {
  try {
    const address = addressQuota(SITE_QUOTA, lead.email, now);
    const taken = await takeSharedQuota(SITE_QUOTA, ACKNOWLEDGEMENTS_PER_DAY, address, 1, now);
    if (taken !== 'granted') return;
    const taxonomy = await taxonomyForPage();
    await queueMail({
      key: `alerts/contact/${lead.id}/ack`,
      to: [lead.email],
      ...acknowledgementMail(lead, channel, taxonomy),
    });
  } catch (error) {
    console.error(`Acknowledgement of lead ${lead.id} not queued`, error instanceof Error ? error.name : '');
  }
}
