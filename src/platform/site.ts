/** Who the firm is: every page, e-mail and JSON-LD block reads these from here. */
export const site = {
  name: 'Vantia Partners',
  legalName: 'Vantia Partners LLC',
  /** The CEO's role is a text of each language's dictionary (`about.ceoRole`). */
  ceo: { name: 'Alejandro Ríos' },
  email: 'hello@vantiapartners.com',
  phone: '+34 910 000 000',
  address: {
    street: 'Paseo de la Castellana 95',
    city: 'Madrid',
    postalCode: '28046',
    region: 'Madrid',
    country: 'ES',
  },
  registeredOffice: '1209 Orange Street, Wilmington, Delaware 19801, United States',
  foundingYear: 2020,
  copyrightYear: 2025,
  social: {
    linkedin: 'https://www.linkedin.com/company/vantia-partners',
    x: 'https://x.com/vantiapartners',
  },
} as const;
