import type { Config } from '@netlify/functions';
import { parseJsonBody } from '../../src/http/bodies';
import { requireAdmin } from '../../src/http/guard';
import { json } from '../../src/http/responses';
import { route } from '../../src/http/route';
import { partnerSettingsSchema } from '../../src/features/meetings/schema';
import { getPartnerSettings, savePartnerSettings } from '../../src/features/meetings/store';
import { ADMIN_NO_STORE } from '../../src/features/privacy/deletes';
import { recordAudit } from '../../src/features/audit/store';

/**
 * /api/meetings/settings (docs/product.md, "Meetings"): the signed-in admin's own booking settings as a partner:
 * weekly hours in Madrid time, days off, minimum notice, buffer and meeting link. GET answers them (`null` before the
 * first save); PUT replaces them and makes the account a partner (with hours, it offers slots at once), audited as
 * `meeting.settings` (who; never the hours or the link).
 */
export default route({
  GET: async (request) => {
    const user = await requireAdmin(request);
    return json({ settings: await getPartnerSettings(user.id) }, { headers: ADMIN_NO_STORE });
  },
  PUT: async (request) => {
    const user = await requireAdmin(request);
    const settings = await parseJsonBody(request, partnerSettingsSchema);
    await savePartnerSettings(user.id, settings);
    await recordAudit({ actor: user.username, actorRole: user.role, action: 'meeting.settings', target: user.id });
    return json({ settings: await getPartnerSettings(user.id) }, { headers: ADMIN_NO_STORE });
  },
});

export const config: Config = {
  path: '/api/meetings/settings',
};
