import { z } from 'zod';
import { byLanguage } from '../../i18n/languages';
import { localizedShape } from '../../platform/common-schema';

export const metricSchema = z.object({
  label: z.string().trim().max(80, { error: 'Metric label is too long (at most 80 characters)' }),
  value: z.string().trim().max(80, { error: 'Metric value is too long (at most 80 characters)' }),
});
export type Metric = z.infer<typeof metricSchema>;

/** A list per language: `{en: list, es: list}`. */
export const metricsSchema = z.object(localizedShape(z.array(metricSchema).max(12)));
export type Metrics = z.infer<typeof metricsSchema>;

const EMPTY: Metrics = byLanguage(() => []);

const looseMetric = z.object({ label: z.coerce.string(), value: z.coerce.string() });
const looseList = z.array(looseMetric);
const loosePair = z.object(localizedShape(looseList.nullish()));

/**
 * docs/product.md, "Tolerant reading": metrics arrive as {en: list, es: list}, a plain list (every
 * language), or a JSON string of either; a language missing from the pair has none. Anything else is logged and
 * treated as no metrics, never an error for the reader.
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
  if (list.success) return byLanguage(() => list.data);
  const pair = loosePair.safeParse(value);
  if (pair.success) return byLanguage((language) => pair.data[language] ?? []);
  console.warn('Malformed metrics; treated as empty');
  return EMPTY;
}

const metricsShapes = z.union(
  [
    z
      .array(metricSchema)
      .max(12)
      .transform((list): Metrics => byLanguage(() => list)),
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
