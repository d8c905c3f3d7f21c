import { newId } from '../ids';
import { storedInsightSchema, type Insight, type InsightInput } from '../schemas/insight';
import { ContentCollection } from '../stores/content-collection';

const collection = new ContentCollection<Insight>('insights', storedInsightSchema);

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

export function getInsight(id: string): Promise<Insight | null> {
  return collection.get(id);
}

/** A published insight, or null: a draft does not exist for the public. */
export async function getPublishedInsight(id: string): Promise<Insight | null> {
  const insight = await collection.get(id);
  return insight?.published ? insight : null;
}

export function buildInsight(input: InsightInput, now: Date = new Date()): Insight {
  const stamp = now.toISOString();
  const createdAt = input.createdAt ?? stamp;
  return {
    id: newId(now.getTime()),
    title: input.title,
    description: input.description,
    content: input.content,
    imageUrl: input.imageUrl,
    category: input.category,
    slug: input.slug,
    author: input.author,
    readTime: input.readTime,
    published: input.published,
    publishedAt: input.published ? createdAt : null,
    createdAt,
    updatedAt: stamp,
    version: 1,
  };
}

export function saveInsights(insights: Insight[]): Promise<void> {
  return collection.putMany(insights);
}

export function isInsightsEmpty(): Promise<boolean> {
  return collection.isEmpty();
}
