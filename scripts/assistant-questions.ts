/**
 * The assistant's evaluation (`npm run bench:assistant`): questions a visitor
 * would type about the demo content (src/features/content/demo-content.ts), in both
 * languages, each with the page that answers it. A conversation's earlier
 * questions are asked first, in the same session; only its last one is scored.
 *
 * Pages: `case:{n}` is the demo's n-th case study (0-based), `insight:{slug}` a
 * demo insight, `#{section}` a section of the landing page.
 */
export interface BenchQuestion {
  language: 'en' | 'es';
  /** Earlier messages of the same conversation (asked first, not scored). */
  before?: string[];
  question: string;
  page: string;
  /** Written after the assistant was tuned on the others, and never tuned on: a fairer measure. */
  heldOut?: boolean;
}

const LOGISTICS = 'case:0';
const AGRIFOOD = 'case:1';
const INSURANCE = 'case:2';
const VENTURE = 'case:3';
const RETAIL = 'case:4';
const HEALTHTECH = 'case:5';
const ERP = 'insight:why-erp-migrations-overrun';
const US_INVESTORS = 'insight:sourcing-deals-in-spain-us-investors';
const AI_GOVERNANCE = 'insight:ai-governance-for-mid-sized-companies';
const AI_PILOT = 'insight:from-ai-pilot-to-production';
const DATA_PRODUCTS = 'insight:data-products-not-data-lakes';
const MEASURING = 'insight:measuring-digital-transformation';
const TECH_DD = 'insight:technical-due-diligence-software-deals';

export const BENCH_QUESTIONS: BenchQuestion[] = [
  // English
  { language: 'en', question: 'Have you done any AI projects for insurers?', page: INSURANCE },
  { language: 'en', question: 'How did you speed up claims handling for an insurance company?', page: INSURANCE },
  { language: 'en', question: 'What did you do for a logistics company?', page: LOGISTICS },
  { language: 'en', question: 'How did a transport operator improve its on-time delivery?', page: LOGISTICS },
  { language: 'en', question: 'Can machine learning reduce waste of perishable products?', page: AGRIFOOD },
  { language: 'en', question: 'Do you have experience with demand forecasting in agri-food?', page: AGRIFOOD },
  { language: 'en', question: 'How can a manufacturer work with startups without wasting money?', page: VENTURE },
  { language: 'en', question: 'What is a venture client programme?', page: VENTURE },
  { language: 'en', question: 'Have you helped a retailer with its strategic plan?', page: RETAIL },
  { language: 'en', question: 'Did you help an investor buy into a healthtech company?', page: HEALTHTECH },
  { language: 'en', question: 'Have you looked at B2B software for clinics?', page: HEALTHTECH },
  { language: 'en', question: 'Why do ERP projects go over budget?', page: ERP },
  { language: 'en', question: 'We are moving off SAP ECC. What should we decide first?', page: ERP },
  { language: 'en', question: 'What should a US investor know about deals in Spain?', page: US_INVESTORS },
  { language: 'en', question: 'What does the EU AI Act mean for a mid-sized company?', page: AI_GOVERNANCE },
  { language: 'en', question: 'How do we take an AI pilot into production?', page: AI_PILOT },
  { language: 'en', question: 'What is a data product?', page: DATA_PRODUCTS },
  { language: 'en', question: 'How should we measure our digital transformation?', page: MEASURING },
  {
    language: 'en',
    question: 'What do you check in the technical due diligence of a software company?',
    page: TECH_DD,
  },
  { language: 'en', question: 'What services do you offer around AI?', page: '#services' },
  { language: 'en', question: 'Do you help private investors find deals?', page: '#investment' },
  { language: 'en', question: 'What is your email address?', page: '#contact' },
  { language: 'en', question: 'When was the firm founded?', page: '#about' },
  {
    language: 'en',
    before: ['Tell me about your work with insurers'],
    question: 'What were the results?',
    page: INSURANCE,
  },
  {
    language: 'en',
    before: ['Why do ERP migrations overrun?'],
    question: 'Tell me more',
    page: ERP,
  },
  // Spanish
  { language: 'es', question: '¿Han trabajado con aseguradoras?', page: INSURANCE },
  { language: 'es', question: '¿Qué proyectos de IA han hecho en seguros?', page: INSURANCE },
  { language: 'es', question: '¿Tienen experiencia en logística?', page: LOGISTICS },
  { language: 'es', question: 'Busco un caso de un operador logistico que usaba hojas de calculo', page: LOGISTICS },
  { language: 'es', question: '¿Cómo se puede reducir el error de las previsiones de demanda?', page: AGRIFOOD },
  { language: 'es', question: '¿Han trabajado con empresas agroalimentarias?', page: AGRIFOOD },
  { language: 'es', question: '¿Cómo puede un fabricante industrial colaborar con startups?', page: VENTURE },
  { language: 'es', question: '¿Qué es un programa de venture client?', page: VENTURE },
  { language: 'es', question: '¿Han ayudado a alguna cadena de tiendas con su plan estratégico?', page: RETAIL },
  { language: 'es', question: '¿Han asesorado inversiones en empresas de salud?', page: HEALTHTECH },
  { language: 'es', question: '¿Conocen el software B2B para clínicas?', page: HEALTHTECH },
  { language: 'es', question: '¿Por qué se retrasan las migraciones de ERP?', page: ERP },
  { language: 'es', question: '¿Qué implica Verifactu para un nuevo ERP?', page: ERP },
  { language: 'es', question: '¿Qué deben saber los inversores estadounidenses sobre España?', page: US_INVESTORS },
  {
    language: 'es',
    question: '¿Cómo afecta el reglamento europeo de inteligencia artificial a una empresa mediana?',
    page: AI_GOVERNANCE,
  },
  { language: 'es', question: '¿Cómo se pasa un piloto de IA a producción?', page: AI_PILOT },
  { language: 'es', question: '¿Qué es un producto de datos?', page: DATA_PRODUCTS },
  { language: 'es', question: '¿Cómo medir una transformación digital?', page: MEASURING },
  { language: 'es', question: '¿Qué revisan en una due diligence tecnológica?', page: TECH_DD },
  { language: 'es', question: '¿Qué servicios ofrecen en inteligencia artificial?', page: '#services' },
  { language: 'es', question: '¿Ayudan a inversores privados a encontrar oportunidades?', page: '#investment' },
  { language: 'es', question: '¿Cuál es su correo electrónico?', page: '#contact' },
  { language: 'es', question: '¿En qué año se fundó la empresa?', page: '#about' },
  {
    language: 'es',
    before: ['¿Qué hicieron para el operador logístico?'],
    question: '¿Y en cuánto tiempo se recuperó la inversión?',
    page: LOGISTICS,
  },
  {
    language: 'es',
    before: ['¿Qué es un producto de datos?'],
    question: 'Cuénteme más',
    page: DATA_PRODUCTS,
  },
  // Held out: written after tuning the search on the questions above, and not tuned on.
  {
    heldOut: true,
    language: 'en',
    question: 'Which cloud tools did you use for the logistics control tower?',
    page: LOGISTICS,
  },
  {
    heldOut: true,
    language: 'en',
    question: 'How much working capital did the forecasting project release?',
    page: AGRIFOOD,
  },
  { heldOut: true, language: 'en', question: 'Do you use generative AI with a human in the loop?', page: INSURANCE },
  { heldOut: true, language: 'en', question: 'How many startups did the Basque manufacturer screen?', page: VENTURE },
  { heldOut: true, language: 'en', question: 'Do you have experience with click-and-collect?', page: RETAIL },
  {
    heldOut: true,
    language: 'en',
    question: 'What do you review about cloud costs and gross margin in a due diligence?',
    page: TECH_DD,
  },
  { heldOut: true, language: 'en', question: 'Who should own a dataset in a company?', page: DATA_PRODUCTS },
  {
    heldOut: true,
    language: 'en',
    question: 'Is foreign investment screening a problem when buying a Spanish company?',
    page: US_INVESTORS,
  },
  { heldOut: true, language: 'es', question: '¿Qué herramientas usaron para la torre de control?', page: LOGISTICS },
  { heldOut: true, language: 'es', question: '¿Cuánto capital circulante se liberó con la previsión?', page: AGRIFOOD },
  { heldOut: true, language: 'es', question: '¿Usan IA generativa con supervisión humana?', page: INSURANCE },
  {
    heldOut: true,
    language: 'es',
    question: '¿Cuántos pilotos remunerados hubo en el programa con startups?',
    page: VENTURE,
  },
  { heldOut: true, language: 'es', question: '¿Tienen experiencia con la recogida en tienda?', page: RETAIL },
  {
    heldOut: true,
    language: 'es',
    question: '¿Qué riesgos hay con las licencias de código abierto al comprar una empresa de software?',
    page: TECH_DD,
  },
  {
    heldOut: true,
    language: 'es',
    question: '¿Quién debe ser responsable de un conjunto de datos?',
    page: DATA_PRODUCTS,
  },
  { heldOut: true, language: 'es', question: '¿Qué es el Esquema Nacional de Seguridad?', page: HEALTHTECH },
];
