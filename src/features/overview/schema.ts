import { z } from 'zod';

/** GET /api/overview: the last 12 weeks, oldest first (the current week last), each kind's count. */
export const OVERVIEW_KINDS = ['messages', 'leads', 'chats', 'videoCalls', 'subscribers', 'visitors'] as const;
export const overviewKindSchema = z.enum(OVERVIEW_KINDS);
export type OverviewKindName = z.infer<typeof overviewKindSchema>;

export const overviewSchema = z.object({
  kinds: z.array(overviewKindSchema),
  weeks: z.array(
    z.object({
      /** ISO week, e.g. `2026-W48`. */
      week: z.string(),
      /** Its Monday (UTC), `YYYY-MM-DD`. */
      start: z.string(),
      counts: z.record(overviewKindSchema, z.number().int().nonnegative()),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;
