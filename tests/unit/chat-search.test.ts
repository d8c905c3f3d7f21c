import { describe, expect, it } from 'vitest';
import { analyze, PassageIndex, type Passage } from '../../src/features/chat/search';
import { wantsTeam } from '../../src/features/chat/lead';
import { en } from '../../src/i18n/en';
import { es } from '../../src/i18n/es';

function passage(id: string, title: string, text: string, keywords = ''): Passage {
  return { id, pageId: id, title, heading: '', text, keywords };
}

/** The ids of the passages a question finds, best first. */
function found(index: PassageIndex, question: string): string[] {
  return index.find(question).map((hit) => hit.passage.id);
}

const spanish = new PassageIndex('es', [
  passage('insurer', 'Apertura de siniestros para una aseguradora regional', 'Un asistente de IA generativa.'),
  passage('logistics', 'Torre de control para un operador logístico', 'Cuarenta hojas de cálculo semanales.'),
  passage('erp', 'Por qué se desvían las migraciones de ERP', 'El SII y Verifactu son alcance fijo.'),
  passage('esg', 'Informes ESG para la gran empresa', 'La directiva de sostenibilidad obliga a informar.'),
  passage('b2b', 'Software B2B para clínicas', 'Ingresos recurrentes de una plataforma.'),
  passage('retail', 'Un plan para una cadena de tiendas', 'Recogida en tienda en toda la red.'),
]);
const english = new PassageIndex('en', [
  passage('governance', 'AI governance for mid-sized companies', 'The EU AI Act is now in force.'),
  passage('erp', 'Why ERP migrations overrun', 'Master data is cleaned in the final months.'),
  passage('insurer', 'AI-assisted claims intake for a regional insurer', 'Handling time fell by 41%.'),
  passage('b2b', 'A minority investment in healthtech', 'We focused on B2B software for clinics.'),
  passage('esg', 'ESG reporting for large companies', 'Sustainability reports under the CSRD.'),
  passage('us', 'Sourcing deals in Spain', 'What US investors often miss.'),
]);

describe('chat search: terms', () => {
  it('folds case and accents, in documents and questions alike', () => {
    expect(analyze('LOGÍSTICA', 'es')).toEqual(analyze('logistica', 'es'));
    expect(analyze('Inversión', 'es')).toEqual(analyze('inversion', 'es'));
    expect(analyze('cálculo', 'es')).toEqual(analyze('calculo', 'es'));
    expect(found(spanish, 'hojas de calculo')).toEqual(['logistics']);
  });

  it('stems Spanish and English words: plurals and other forms of a word are one term', () => {
    expect(analyze('aseguradoras', 'es')).toEqual(analyze('aseguradora', 'es'));
    expect(analyze('logística', 'es')).toEqual(analyze('logístico', 'es'));
    // Words outside the synonym list too: the stemmer alone joins them.
    expect(analyze('migraciones', 'es')).toEqual(analyze('migración', 'es'));
    expect(analyze('tiendas', 'es')).toEqual(analyze('tienda', 'es'));
    expect(analyze('operadores', 'es')).toEqual(analyze('operador', 'es'));
    expect(analyze('migrations', 'en')).toEqual(analyze('migration', 'en'));
    expect(analyze('clinics', 'en')).toEqual(analyze('clinic', 'en'));
    expect(found(spanish, '¿Han trabajado con aseguradoras?')).toEqual(['insurer']);
    expect(found(spanish, '¿Tienen experiencia en logística?')).toEqual(['logistics']);
    expect(found(spanish, 'migración')).toEqual(['erp']);
    expect(found(spanish, 'tienda')).toEqual(['retail']);
  });

  it('keeps short terms and acronyms: AI, IA, ERP, ESG, B2B', () => {
    for (const term of ['AI', 'ERP', 'ESG', 'B2B']) expect(analyze(term, 'en')).toHaveLength(1);
    expect(analyze('IA', 'es')).toHaveLength(1);
    expect(found(english, 'What is your AI work?')[0]).toBe('governance');
    expect(found(english, 'ERP?')).toEqual(['erp']);
    expect(found(english, 'Do you do ESG?')).toEqual(['esg']);
    expect(found(english, 'B2B')).toEqual(['b2b']);
    expect(found(spanish, '¿Qué hacen en IA?')).toEqual(['insurer']);
    expect(found(spanish, 'ERP')).toEqual(['erp']);
    expect(found(spanish, 'ESG')).toEqual(['esg']);
    expect(found(spanish, 'b2b')).toEqual(['b2b']);
  });

  it('drops stop words and one-letter words, but keeps "US" in capitals apart from "us"', () => {
    expect(analyze('the and of a', 'en')).toEqual([]);
    expect(analyze('el la de que', 'es')).toEqual([]);
    expect(analyze('tell us', 'en', 'query')).toEqual([]);
    expect(found(english, 'Tell us about it')).toEqual([]);
    expect(found(english, 'US investors')[0]).toBe('us');
  });

  it('maps the bilingual synonyms to one term', () => {
    const ai = analyze('AI', 'en');
    expect(analyze('IA', 'en')).toEqual(ai);
    expect(analyze('artificial intelligence', 'en')).toEqual(ai);
    expect(analyze('inteligencia artificial', 'es')).toEqual(analyze('IA', 'es'));
    expect(analyze('seguros', 'es')).toEqual(analyze('aseguradora', 'es'));
    expect(analyze('insurance', 'en')).toEqual(analyze('insurer', 'en'));
    expect(analyze('EE. UU.', 'es')).toEqual(analyze('estadounidenses', 'es'));
    expect(found(spanish, 'inteligencia artificial')).toEqual(['insurer']);
    expect(found(spanish, 'seguros')).toEqual(['insurer']);
    expect(found(english, 'artificial intelligence regulation')[0]).toBe('governance');
    expect(found(english, 'insurance')).toEqual(['insurer']);
    expect(found(english, 'sustainability')).toEqual(['esg']);
  });

  it('finds nothing for a question about something the site never mentions', () => {
    expect(found(english, 'What is the weather in Oslo tomorrow?')).toEqual([]);
  });
});

describe('chat: the "talk to a person" action', () => {
  it('sends a message that starts the lead flow, in both languages', () => {
    expect(wantsTeam(en['chat.talkToPersonMessage'])).toBe(true);
    expect(wantsTeam(es['chat.talkToPersonMessage'])).toBe(true);
  });
});
