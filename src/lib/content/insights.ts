import { cacheTags, purgeTags } from '../cache';
import { dataStore } from '../blobs';
import { HttpError } from '../http';
import { newId } from '../ids';
import { storedInsightSchema, type Insight, type InsightInput } from '../schemas/insight';
import { ContentCollection } from '../stores/content-collection';
import { sanitizeLocalized, STALE_EDIT } from './portfolio';

const collection = new ContentCollection<Insight>('insights', storedInsightSchema);

export const SLUG_TAKEN = 'This slug is already used by another insight. Choose another.';

/** SPEC.md: newest first by publishedAt, falling back to createdAt. */
export function insightDate(insight: Insight): string {
  return insight.publishedAt ?? insight.createdAt;
}

function newestFirst(a: Insight, b: Insight): number {
  return insightDate(b).localeCompare(insightDate(a)) || b.id.localeCompare(a.id);
}

/** Every insight, drafts included (admin). */
export async function listAllInsights(): Promise<Insight[]> {
  return (await collection.all()).sort(newestFirst);
}

/** What the public sees: published insights, newest first. */
export async function listPublishedInsights(): Promise<Insight[]> {
  return (await listAllInsights()).filter((insight) => insight.published);
}

/** One insight, its rich text sanitised again on the way out (see getPortfolioItem). */
export async function getInsight(id: string): Promise<Insight | null> {
  const insight = await collection.get(id);
  return insight && { ...insight, content: sanitizeLocalized(insight.content) };
}

/** A published insight, or null: a draft does not exist for the public. */
export async function getPublishedInsight(id: string): Promise<Insight | null> {
  const insight = await getInsight(id);
  return insight?.published ? insight : null;
}

/** What an editor sets; the rest (id, dates, version) the server keeps. */
function editableFields(input: InsightInput) {
  return {
    title: input.title,
    description: input.description,
    content: sanitizeLocalized(input.content),
    imageUrl: input.imageUrl,
    category: input.category,
    slug: input.slug,
    author: input.author,
    readTime: input.readTime,
    published: input.published,
  };
}

export function buildInsight(input: InsightInput, now: Date = new Date()): Insight {
  const stamp = now.toISOString();
  const createdAt = input.createdAt ?? stamp;
  return {
    id: newId(now.getTime()),
    ...editableFields(input),
    publishedAt: input.published ? createdAt : null,
    createdAt,
    updatedAt: stamp,
    version: 1,
  };
}

/**
 * A slug belongs to one insight: it is reserved under a key of its own,
 * written only if new (DESIGN.md, "Storage"), so two insights cannot both
 * take it. A reservation left by an insight that no longer exists is reclaimed.
 */
async function reserveSlug(slug: string, id: string): Promise<boolean> {
  const store = dataStore('insights');
  const key = `slugs/${slug}`;
  const { modified } = await store.setJSON(key, { id }, { onlyIfNew: true });
  if (modified) return true;
  const holder = (await store.get(key, { type: 'json' })) as { id?: unknown } | null;
  if (holder?.id === id) return true;
  if (typeof holder?.id === 'string' && (await collection.get(holder.id))) return false;
  await store.setJSON(key, { id });
  return true;
}

async function releaseSlug(slug: string, id: string): Promise<void> {
  const store = dataStore('insights');
  const holder = (await store.get(`slugs/${slug}`, { type: 'json' })) as { id?: unknown } | null;
  if (holder?.id === id) await store.delete(`slugs/${slug}`);
}

function purge(id: string) {
  return purgeTags([cacheTags.insightsList, cacheTags.insight(id)]);
}

export async function createInsight(input: InsightInput): Promise<Insight> {
  const insight = buildInsight(input);
  if (!(await reserveSlug(insight.slug, insight.id))) throw new HttpError(409, SLUG_TAKEN, 'slug');
  await collection.put(insight);
  await purge(insight.id);
  return insight;
}

/** Updates an insight; null when there is none; 409 for a stale version or a taken slug. */
export async function updateInsight(id: string, input: InsightInput): Promise<Insight | null> {
  const current = await collection.get(id);
  if (!current) return null;
  if (input.version !== undefined && input.version !== current.version) throw new HttpError(409, STALE_EDIT, 'version');
  if (input.slug !== current.slug && !(await reserveSlug(input.slug, id))) throw new HttpError(409, SLUG_TAKEN, 'slug');
  const now = new Date().toISOString();
  const insight: Insight = {
    ...current,
    ...editableFields(input),
    // First publication dates the insight; unpublishing keeps the date for a later re-publish.
    publishedAt: input.published ? (current.publishedAt ?? now) : current.publishedAt,
    createdAt: input.createdAt ?? current.createdAt,
    updatedAt: now,
    version: current.version + 1,
  };
  await collection.put(insight);
  if (input.slug !== current.slug) await releaseSlug(current.slug, id);
  await purge(id);
  return insight;
}

export async function deleteInsight(id: string): Promise<boolean> {
  const current = await collection.get(id);
  if (!current) return false;
  await collection.remove(id);
  await releaseSlug(current.slug, id);
  await purge(id);
  return true;
}

/** Seeding and benchmarks: many insights at once, their slugs reserved. */
export async function saveInsights(insights: Insight[]): Promise<void> {
  const store = dataStore('insights');
  await Promise.all(insights.map((insight) => store.setJSON(`slugs/${insight.slug}`, { id: insight.id })));
  await collection.putMany(insights);
}

export function isInsightsEmpty(): Promise<boolean> {
  return collection.isEmpty();
}
