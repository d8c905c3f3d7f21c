import { cacheTags, purgeTags } from '../cache';
import { HttpError } from '../http';
import { newId } from '../ids';
import { sanitizeRichText } from '../sanitize';
import type { Localized } from '../schemas/common';
import { storedPortfolioItemSchema, type PortfolioInput, type PortfolioItem } from '../schemas/portfolio';
import { ContentCollection } from '../stores/content-collection';

const collection = new ContentCollection<PortfolioItem>('portfolio', storedPortfolioItemSchema);

export const STALE_EDIT =
  'Someone else changed this item since you opened it. Reload to see their changes, then edit again.';

function newestFirst(a: PortfolioItem, b: PortfolioItem): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

export function sanitizeLocalized(html: Localized): Localized {
  return { en: sanitizeRichText(html.en), es: sanitizeRichText(html.es) };
}

/** Every case study, newest first. */
export async function listPortfolio(): Promise<PortfolioItem[]> {
  return (await collection.all()).sort(newestFirst);
}

/** One case study, its rich text sanitised again on the way out: a record that reached Blobs by other means is still safe. */
export async function getPortfolioItem(id: string): Promise<PortfolioItem | null> {
  const item = await collection.get(id);
  return item && { ...item, content: sanitizeLocalized(item.content) };
}

/** What an editor sets; the rest (id, dates, version) the server keeps. */
function editableFields(input: PortfolioInput) {
  return {
    title: input.title,
    description: input.description,
    content: sanitizeLocalized(input.content),
    imageUrl: input.imageUrl,
    metrics: input.metrics,
    category: input.category,
    technologies: input.technologies,
  };
}

export function buildPortfolioItem(input: PortfolioInput, now: Date = new Date()): PortfolioItem {
  const stamp = now.toISOString();
  return {
    id: newId(now.getTime()),
    ...editableFields(input),
    createdAt: input.createdAt ?? stamp,
    updatedAt: stamp,
    version: 1,
  };
}

function purge(id: string) {
  return purgeTags([cacheTags.portfolioList, cacheTags.portfolioItem(id)]);
}

export async function createPortfolioItem(input: PortfolioInput): Promise<PortfolioItem> {
  const item = buildPortfolioItem(input);
  await collection.put(item);
  await purge(item.id);
  return item;
}

/** Updates a case study; null when there is none; 409 when the editor's version is stale. */
export async function updatePortfolioItem(id: string, input: PortfolioInput): Promise<PortfolioItem | null> {
  const current = await collection.get(id);
  if (!current) return null;
  if (input.version !== undefined && input.version !== current.version) throw new HttpError(409, STALE_EDIT, 'version');
  const item: PortfolioItem = {
    ...current,
    ...editableFields(input),
    createdAt: input.createdAt ?? current.createdAt,
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  await collection.put(item);
  await purge(id);
  return item;
}

export async function deletePortfolioItem(id: string): Promise<boolean> {
  const removed = await collection.remove(id);
  if (removed) await purge(id);
  return removed;
}

export function savePortfolioItems(items: PortfolioItem[]): Promise<void> {
  return collection.putMany(items);
}

export function isPortfolioEmpty(): Promise<boolean> {
  return collection.isEmpty();
}
