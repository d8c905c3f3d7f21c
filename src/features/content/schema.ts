import { z } from 'zod';
import {
  emptyLocalized,
  imageUrlSchema,
  localizedInput,
  localizedSchema,
  optionalDateInput,
  storedLocalizedSchema,
  writtenInSomeLanguage,
} from '../../platform/common-schema';

/**
 * What every kind of content (case studies, insights, and whatever comes
 * next) holds; each kind's schema adds only its own fields to these.
 */
export const contentRecordFields = {
  id: z.string(),
  title: localizedSchema,
  description: localizedSchema,
  content: localizedSchema,
  imageUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
};
export const contentRecordSchema = z.object(contentRecordFields);
export type ContentRecord = z.infer<typeof contentRecordSchema>;

/**
 * The shared fields of a stored record, whatever older shape they were
 * written in (a plain string for every language, no update date or version),
 * normalised on read. Two parts, so that a record keeps its key order (shared
 * head, the kind's own fields, shared tail) in every API answer.
 */
const storedContentHead = z
  .object({
    id: z.string(),
    title: storedLocalizedSchema,
    description: storedLocalizedSchema.catch(emptyLocalized),
    content: storedLocalizedSchema.catch(emptyLocalized),
    imageUrl: z.string().nullish(),
  })
  .transform((raw) => ({
    id: raw.id,
    title: raw.title,
    description: raw.description,
    content: raw.content,
    imageUrl: raw.imageUrl ?? '',
  }));

const storedContentTail = z
  .object({
    createdAt: z.string(),
    updatedAt: z.string().nullish(),
    version: z.number().int().min(1).nullish(),
  })
  .transform((raw) => ({
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt ?? raw.createdAt,
    version: raw.version ?? 1,
  }));

/** A kind's stored schema: the shared fields and the kind's own, each part normalising its fields. */
export function storedContentSchema<Own extends object>(own: z.ZodType<Own>) {
  return z.intersection(z.intersection(storedContentHead, own), storedContentTail);
}

/** The fields every editor sends first: title, description and rich text in every language, and an image. */
const contentInputHead = {
  title: localizedInput(200, 'Title').refine(writtenInSomeLanguage, { error: 'Title is required' }),
  description: localizedInput(1000, 'Description'),
  content: localizedInput(200_000, 'Content'),
  imageUrl: imageUrlSchema.refine((url) => url !== '', { error: 'Image is required' }),
};

/** The fields every editor sends last: an optional date, and the version it loaded. */
const contentInputTail = {
  createdAt: optionalDateInput,
  /** The version the editor loaded; a stale one is refused (admin API). */
  version: z.number().int().min(1).optional(),
};

/** A kind's input schema: the shared fields around its own (in that order, so a body's first bad field is named). */
export function contentInputSchema<Own extends z.ZodRawShape>(own: Own) {
  return z.object({ ...contentInputHead, ...own, ...contentInputTail });
}

/**
 * A kind without a picture (investor updates): the same fields, but `imageUrl` is never read from the body and is
 * stored as '' (the engine checks no image then).
 */
export function imagelessContentInputSchema<Own extends z.ZodRawShape>(own: Own) {
  return z.object({
    ...contentInputHead,
    imageUrl: z
      .unknown()
      .transform((): string => '')
      .default(''),
    ...own,
    ...contentInputTail,
  });
}

/** The shared fields of any kind's parsed input. */
export type ContentInput = z.output<z.ZodObject<typeof contentInputHead & typeof contentInputTail>>;
