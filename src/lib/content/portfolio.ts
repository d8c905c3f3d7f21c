import { newId } from '../ids';
import { storedPortfolioItemSchema, type PortfolioInput, type PortfolioItem } from '../schemas/portfolio';
import { ContentCollection } from '../stores/content-collection';

const collection = new ContentCollection<PortfolioItem>('portfolio', storedPortfolioItemSchema);

function newestFirst(a: PortfolioItem, b: PortfolioItem): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/** Every case study, newest first. */
export async function listPortfolio(): Promise<PortfolioItem[]> {
  return (await collection.all()).sort(newestFirst);
}

export function getPortfolioItem(id: string): Promise<PortfolioItem | null> {
  return collection.get(id);
}

export function buildPortfolioItem(input: PortfolioInput, now: Date = new Date()): PortfolioItem {
  const stamp = now.toISOString();
  return {
    id: newId(now.getTime()),
    title: input.title,
    description: input.description,
    content: input.content,
    imageUrl: input.imageUrl,
    metrics: input.metrics,
    category: input.category,
    technologies: input.technologies,
    createdAt: input.createdAt ?? stamp,
    updatedAt: stamp,
    version: 1,
  };
}

export async function createPortfolioItem(input: PortfolioInput): Promise<PortfolioItem> {
  const item = buildPortfolioItem(input);
  await collection.put(item);
  return item;
}

export function savePortfolioItems(items: PortfolioItem[]): Promise<void> {
  return collection.putMany(items);
}

export function isPortfolioEmpty(): Promise<boolean> {
  return collection.isEmpty();
}
