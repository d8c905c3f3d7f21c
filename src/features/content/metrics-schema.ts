import { z } from 'zod';

export const metricSchema = z.object({
  label: z.string().trim().max(80, { error: 'Metric label is too long (at most 80 characters)' }),
  value: z.string().trim().max(80, { error: 'Metric value is too long (at most 80 characters)' }),
});
export type Metric = z.infer<typeof metricSchema>;

export const metricsSchema = z.object({
  en: z.array(metricSchema).max(12),
  es: z.array(metricSchema).max(12),
});
export type Metrics = z.infer<typeof metricsSchema>;

const EMPTY: Metrics = { en: [], es: [] };

const looseMetric = z.object({ label: z.coerce.string(), value: z.coerce.string() });
const looseList = z.array(looseMetric);
const loosePair = z.object({ en: looseList.nullish(), es: looseList.nullish() });

/**
 * docs/product.md, "Tolerant reading": metrics arrive as {en: list, es: list}, a plain list (both
 * languages), or a JSON string of either. Anything else is logged and treated
 * as no metrics, never an error for the reader.
 */
export function normaliseMetrics(raw: unknown): Metrics {
  if (raw === undefined || raw === null || raw === '') return EMPTY;
  let value: unknown = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      console.warn('Malformed metrics (not JSON); treated as empty');
      return EMPTY;
    }
  }
  const list = looseList.safeParse(value);
  if (list.success) return { en: list.data, es: list.data };
  const pair = loosePair.safeParse(value);
  if (pair.success) return { en: pair.data.en ?? [], es: pair.data.es ?? [] };
  console.warn('Malformed metrics; treated as empty');
  return EMPTY;
}

const metricsShapes = z.union(
  [
    z
      .array(metricSchema)
      .max(12)
      .transform((list): Metrics => ({ en: list, es: list })),
    metricsSchema,
  ],
  { error: 'Metrics must be a list of label and value' },
);

/** Metrics in a request: the same tolerant shapes, but a bad one is an error, not silence. */
export const metricsInput = z
  .unknown()
  .optional()
  .transform((raw, ctx): Metrics => {
    if (raw === undefined || raw === null || raw === '') return EMPTY;
    let value: unknown = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Metrics must be a list of label and value' });
        return z.NEVER;
      }
    }
    const parsed = metricsShapes.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
    return z.NEVER;
  });
