import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { createAccount, listAccounts, pathUsername, updateAccount } from '../../src/features/accounts/accounts';
import { requireAdmin } from '../../src/http/guard';
import { parseJsonBody } from '../../src/http/bodies';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { roleSchema } from '../../src/features/accounts/schema';

const createSchema = z.object({ username: z.string().trim().min(1).max(63), role: roleSchema });
const updateSchema = z
  .object({ role: roleSchema.optional(), isActive: z.boolean().optional() })
  .refine((change) => change.role !== undefined || change.isActive !== undefined, {
    error: 'Send a role or isActive',
  });

/**
 * Users (admins only, docs/roles.md): GET /api/users lists accounts; POST /api/users {username, role} creates one
 * and answers its temporary password once; PUT /api/users/{username} {role?, isActive?} changes role or activation.
 */
export default route({
  GET: async (request) => {
    await requireAdmin(request);
    return json(await listAccounts());
  },
  POST: async (request) => {
    const actor = await requireAdmin(request);
    const input = await parseJsonBody(request, createSchema);
    return json(await createAccount(actor, input), { status: 201 });
  },
  PUT: async (request, context) => {
    const actor = await requireAdmin(request);
    const username = pathUsername(context.params['username']);
    const change = await parseJsonBody(request, updateSchema);
    return json(await updateAccount(actor, username, change));
  },
});

export const config: Config = {
  path: ['/api/users', '/api/users/:username'],
};
