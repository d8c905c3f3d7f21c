import type { Language } from '../../i18n/languages';

/**
 * The language a WhatsApp message is written in, en or es, from the words it uses; null when it does not say
 * (a name, an address, "ok"): the conversation keeps its language then. The web chat knows its language from
 * the page; WhatsApp has no page, so the message says it.
 */
const SPANISH = new Set(
  (
    'hola buenas buenos días dias tardes noches gracias qué que cómo como cuál cual cuánto cuanto dónde donde por ' +
    'para con los las del una unos unas el la es son está esta están estoy tengo tienen tiene quiero quisiera ' +
    'puedo pueden podría podrian podrían hablar equipo empresa servicios inversión inversion sí también tambien ' +
    'usted ustedes su sus mi mis nos nosotros hacen trabajan sobre información informacion ayuda necesito me ' +
    'le lo al y o pero muy más mas bien vale claro de en un'
  ).split(' '),
);
const ENGLISH = new Set(
  (
    'hello hi hey good morning afternoon evening thanks thank you what how which where when who why is are am ' +
    'do does did can could would should want like talk speak team company services investment the a an of to ' +
    'in on for with about your you my me we our us please have has need help information know tell and or but ' +
    'very yes it this that'
  ).split(' '),
);

export function detectLanguage(text: string): Language | null {
  const lower = text.toLowerCase();
  let spanish = /[¿¡ñ]/.test(lower) ? 2 : 0;
  let english = 0;
  for (const word of lower.match(/[\p{L}']+/gu) ?? []) {
    if (SPANISH.has(word)) spanish += 1;
    if (ENGLISH.has(word)) english += 1;
  }
  if (spanish === english) return null;
  return spanish > english ? 'es' : 'en';
}

/**
 * The language a new contact's number suggests, before any message says one: es for Spain and the
 * Spanish-speaking countries of Latin America (by calling code), else the site's first language.
 */
const SPANISH_CALLING_CODES = [
  '34',
  '51',
  '52',
  '53',
  '54',
  '56',
  '57',
  '58',
  '502',
  '503',
  '504',
  '505',
  '506',
  '507',
  '591',
  '593',
  '595',
  '598',
  '1809',
  '1829',
  '1849',
];

export function languageOfNumber(phone: string | null, fallback: Language): Language {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return SPANISH_CALLING_CODES.some((code) => digits.startsWith(code)) ? 'es' : fallback;
}
