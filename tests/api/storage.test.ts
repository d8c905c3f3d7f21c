import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioContent } from '../../src/lib/content/kinds/portfolio';
import { storedPortfolioItemSchema, type PortfolioItem } from '../../src/lib/schemas/portfolio';
import { ContentCollection } from '../../src/lib/stores/content-collection';
import { storeName } from '../../src/lib/blobs';
import { startLocalBlobs, type LocalBlobs } from '../helpers/blobs';
import { portfolioFixture } from '../helpers/fixtures';

let blobs: LocalBlobs;
beforeAll(async () => {
  blobs = await startLocalBlobs();
});
afterAll(async () => blobs.stop());

describe('content collection snapshot', () => {
  it('holds every record when admins save at the same time', async () => {
    const collection = new ContentCollection<PortfolioItem>('portfolio', storedPortfolioItemSchema);
    const items = Array.from({ length: 12 }, (_, i) => portfolioFixture(i + 1));
    await Promise.all(items.map((item) => collection.put(item)));
    const listed = await portfolioContent.list();
    expect(listed.map((item) => item.id).sort()).toEqual(items.map((item) => item.id).sort());
  });

  it('keeps deploy scopes apart in store names', () => {
    expect(storeName('portfolio', 'production')).toBe('production-portfolio');
    expect(storeName('portfolio', 'preview')).toBe('preview-portfolio');
    expect(storeName('portfolio')).toBe('dev-portfolio');
  });

  it('rebuilds a missing snapshot from the records', async () => {
    await portfolioContent.saveMany([portfolioFixture(50)]);
    const { getStore } = await import('@netlify/blobs');
    await getStore(storeName('portfolio')).delete('index');
    const listed = await portfolioContent.list();
    expect(listed.some((item) => item.title.en === 'Case study 50')).toBe(true);
  });
});
