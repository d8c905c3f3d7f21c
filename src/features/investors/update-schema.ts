import { z } from 'zod';
import { contentRecordFields, imagelessContentInputSchema, storedContentSchema } from '../content/schema';

/**
 * An update the firm publishes for its investors (docs/roles.md, "Investor dashboard"): bilingual title, summary and
 * rich text, a date (the shared `createdAt`, editable), draft or published. Never public: only signed-in accounts
 * read the published ones.
 */
export const investorUpdateSchema = z.object({
  ...contentRecordFields,
  published: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type InvestorUpdate = z.infer<typeof investorUpdateSchema>;

export const storedInvestorUpdateSchema = storedContentSchema(
  z
    .object({ published: z.boolean().nullish(), publishedAt: z.string().nullish() })
    .transform((raw) => ({ published: raw.published ?? false, publishedAt: raw.publishedAt ?? null })),
);

/** The body of POST /api/investor-updates and PUT /api/investor-updates/{id}: no picture. */
export const investorUpdateInputSchema = imagelessContentInputSchema({
  published: z.boolean().optional().default(false),
});
export type InvestorUpdateInput = z.infer<typeof investorUpdateInputSchema>;
