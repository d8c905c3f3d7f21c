import { describe, expect, it, vi } from 'vitest';
import { normaliseMetrics } from '../../src/features/content/metrics-schema';
import { portfolioInputSchema, storedPortfolioItemSchema } from '../../src/features/content/portfolio-schema';
import { insightInputSchema, storedInsightSchema } from '../../src/features/content/insight-schema';
import { contactInputSchema } from '../../src/features/leads/contact-schema';
import { newsletterInputSchema } from '../../src/features/newsletter/schema';

const base = { id: '01jd0000000000000000000000', createdAt: '2025-01-10T10:00:00.000Z' };

describe('stored records are normalised on read (docs/product.md, "Tolerant reading")', () => {
  it('takes a plain-string title as both languages', () => {
    const item = storedPortfolioItemSchema.parse({ ...base, title: 'Cloud migration', description: 'D' });
    expect(item.title).toEqual({ en: 'Cloud migration', es: 'Cloud migration' });
    expect(item.description).toEqual({ en: 'D', es: 'D' });
    expect(item.category).toBeNull();
    expect(item.version).toBe(1);
  });

  it('accepts metrics as a pair, a plain list or a JSON string of either', () => {
    const metric = { label: 'Cost', value: '-20%' };
    const pair = { en: [metric], es: [{ label: 'Coste', value: '-20%' }] };
    expect(normaliseMetrics(pair)).toEqual(pair);
    expect(normaliseMetrics([metric])).toEqual({ en: [metric], es: [metric] });
    expect(normaliseMetrics(JSON.stringify([metric]))).toEqual({ en: [metric], es: [metric] });
    expect(normaliseMetrics(JSON.stringify(pair))).toEqual(pair);
    expect(normaliseMetrics(null)).toEqual({ en: [], es: [] });
  });

  it('logs malformed metrics and treats them as empty', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(normaliseMetrics('{not json')).toEqual({ en: [], es: [] });
    expect(normaliseMetrics({ en: 'three' })).toEqual({ en: [], es: [] });
    expect(warn).toHaveBeenCalledTimes(2);
    const item = storedPortfolioItemSchema.parse({ ...base, title: 'T', metrics: 42 });
    expect(item.metrics).toEqual({ en: [], es: [] });
    warn.mockRestore();
  });

  it('reads an insight with missing optional fields', () => {
    const insight = storedInsightSchema.parse({
      ...base,
      title: { en: 'A', es: 'B' },
      category: 'AI Innovation',
      slug: 'a',
    });
    expect(insight).toMatchObject({ published: false, publishedAt: null, author: null, readTime: null });
  });
});

describe('input rules (docs/product.md, "Input rules")', () => {
  const portfolio = {
    title: { en: 'Title', es: 'Título' },
    description: { en: 'D', es: 'D' },
    content: { en: '<p>x</p>', es: '<p>x</p>' },
    imageUrl: '/uploads/x.jpg',
    metrics: [],
    category: '',
    createdAt: '',
  };

  it('sends an empty portfolio category and creation date as null, a date as an ISO timestamp', () => {
    expect(portfolioInputSchema.parse(portfolio)).toMatchObject({ category: null, createdAt: null });
    const { metrics: _omitted, ...withoutMetrics } = portfolio;
    expect(portfolioInputSchema.parse(withoutMetrics).metrics).toEqual({ en: [], es: [] });
    expect(portfolioInputSchema.parse({ ...portfolio, createdAt: '2025-03-04' }).createdAt).toBe(
      '2025-03-04T00:00:00.000Z',
    );
  });

  it('requires an insight category, well-formed slugs and meta texts within their limits, an integer read time of at least 1, and nulls an empty author', () => {
    const insight = {
      ...portfolio,
      category: 'AI Innovation',
      slug: 'my-post',
      author: '  ',
      readTime: 5,
      published: true,
    };
    expect(insightInputSchema.parse(insight)).toMatchObject({ author: null, readTime: 5, slug: 'my-post' });
    expect(insightInputSchema.parse({ ...insight, readTime: null }).readTime).toBeNull();
    const errors = (value: object) => insightInputSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(errors({ ...insight, category: '' })).toEqual(['Category is required']);
    // An empty slug is made from the title (docs/product.md, "Publishing"); a malformed one is refused.
    expect(errors({ ...insight, slug: '' })).toBeUndefined();
    expect(errors({ ...insight, slugs: { es: 'con espacios' } })).toEqual([
      'Slug may hold only letters, digits and single hyphens',
    ]);
    expect(errors({ ...insight, metaTitle: { en: 'x'.repeat(61) } })).toEqual([
      'Meta title is too long (at most 60 characters)',
    ]);
    expect(errors({ ...insight, metaDescription: { es: 'x'.repeat(161) } })).toEqual([
      'Meta description is too long (at most 160 characters)',
    ]);
    expect(errors({ ...insight, readTime: 0 })).toEqual(['Read time must be at least 1 minute']);
    expect(errors({ ...insight, readTime: 2.5 })).toEqual(['Read time must be a whole number of minutes']);
  });

  it('drops the metrics an older admin client still sends with an insight, whatever their shape', () => {
    for (const metrics of [[], [{ label: 'A', value: '1' }], '{not json', 42]) {
      const parsed = insightInputSchema.safeParse({ ...portfolio, category: 'AI Innovation', slug: 'a', metrics });
      expect(parsed.success).toBe(true);
      expect(parsed.data).not.toHaveProperty('metrics');
    }
  });

  it('gives the contact form its texts', () => {
    const errors = contactInputSchema
      .safeParse({ name: ' ', email: 'nope', message: '' })
      .error?.issues.map((i) => i.message);
    expect(errors).toEqual(['Name is required', 'Invalid email address', 'Message is required']);
  });

  it('takes the newsletter name from name or fullName and normalises the e-mail', () => {
    expect(newsletterInputSchema.parse({ name: 'Ana', email: ' Ana@Example.COM ' })).toMatchObject({
      fullName: 'Ana',
      email: 'ana@example.com',
    });
    expect(newsletterInputSchema.parse({ fullName: 'Luis', email: 'l@example.es' }).fullName).toBe('Luis');
    expect(newsletterInputSchema.safeParse({ email: 'l@example.es' }).error?.issues[0]?.message).toBe(
      'Name is required',
    );
  });
});
