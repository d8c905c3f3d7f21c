import { insightContent } from '../../src/features/content/insights';
import { portfolioContent } from '../../src/features/content/portfolio';
import { insightInputSchema, type Insight } from '../../src/features/content/insight-schema';
import { portfolioInputSchema, type PortfolioItem } from '../../src/features/content/portfolio-schema';

export function portfolioFixture(n: number, overrides: Record<string, unknown> = {}): PortfolioItem {
  const input = portfolioInputSchema.parse({
    title: { en: `Case study ${n}`, es: `Caso de éxito ${n}` },
    description: { en: `What we did for client ${n}.`, es: `Lo que hicimos para el cliente ${n}.` },
    content: { en: `<p>Story ${n}</p>`, es: `<p>Historia ${n}</p>` },
    imageUrl: `/images/demo/case-${n}.jpg`,
    metrics: { en: [{ label: 'Cost', value: '-20%' }], es: [{ label: 'Coste', value: '-20%' }] },
    category: 'Digital Transformation',
    createdAt: new Date(Date.UTC(2024, 0, 1 + n)).toISOString(),
    technologies: ['dbt'],
    ...overrides,
  });
  return portfolioContent.build(input, new Date(Date.UTC(2024, 0, 1 + n)));
}

export function insightFixture(n: number, overrides: Record<string, unknown> = {}): Insight {
  const input = insightInputSchema.parse({
    title: { en: `Insight ${n}`, es: `Artículo ${n}` },
    description: { en: `About ${n}.`, es: `Sobre ${n}.` },
    content: { en: `<p>Body ${n}</p>`, es: `<p>Cuerpo ${n}</p>` },
    imageUrl: `/images/demo/insight-${n}.jpg`,
    category: 'AI Innovation',
    slug: `insight-${n}`,
    author: 'Alejandro Ríos',
    readTime: 5,
    published: true,
    createdAt: new Date(Date.UTC(2024, 0, 1 + n)).toISOString(),
    ...overrides,
  });
  return insightContent.build(input, new Date(Date.UTC(2024, 0, 1 + n)));
}
