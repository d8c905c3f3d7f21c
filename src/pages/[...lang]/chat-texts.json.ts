import type { APIRoute } from 'astro';
import type { ChatTexts } from '../../components/islands/ChatPanel';
import { useTranslations } from '../../i18n';
import { languagePaths, routeLanguage } from '../../i18n/language-routes';
import { site } from '../../platform/site';

/**
 * The chat panel's texts in one language (`/chat-texts.json`, `/es/chat-texts.json`), a static file the panel fetches
 * when it first opens. Kept out of every page's HTML: a page under 14.6 KB (Brotli) arrives in the first round trip
 * (docs/decisions/0033-pages-that-fit-the-first-round-trip.md).
 */
export const prerender = true;
export const getStaticPaths = languagePaths;

export const GET: APIRoute = ({ params }) => {
  const t = useTranslations(routeLanguage(params.lang));
  const texts: ChatTexts = {
    title: t('chat.title'),
    aiLabel: t('chat.aiLabel'),
    subtitle: t('chat.subtitle'),
    greeting: t('chat.greeting', { ceo: site.ceo.name }),
    placeholder: t('chat.placeholder'),
    send: t('chat.send'),
    talkToPerson: t('chat.talkToPerson'),
    talkToPersonMessage: t('chat.talkToPersonMessage'),
    yes: t('chat.yes'),
    no: t('chat.no'),
    slots: t('chat.slots'),
    madridTime: t('book.madridTime'),
    sources: t('chat.sources'),
    sourceTypes: {
      portfolio: t('chat.source.portfolio'),
      insight: t('chat.source.insight'),
      services: t('nav.services'),
      investment: t('nav.investment'),
      about: t('nav.about'),
      contact: t('nav.contact'),
    },
    typing: t('chat.typing'),
    close: t('chat.close'),
    fallback: t('chat.fallback'),
    limit: t('limit.chat'),
  };
  return new Response(JSON.stringify(texts), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
