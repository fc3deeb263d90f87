import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../http/define-route.ts';
import { rateLimits } from '../http/rate-limits.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerUserRoutes } from './users.ts';
import { registerSalespersonRoutes } from './salespersons.ts';
import { registerTeamRoutes } from './teams.ts';
import { registerCustomerRoutes } from './customers.ts';
import { registerOpportunityRoutes } from './opportunities.ts';
import { registerOpportunityRecordRoutes } from './opportunity-records.ts';
import { registerOpportunityViewRoutes } from './opportunity-views.ts';
import { registerOpportunityBoardRoutes } from './opportunity-board.ts';
import { registerCalendarEventRoutes } from './calendar-events.ts';
import { registerActivityRoutes } from './activities.ts';
import { registerAttachmentRoutes } from './attachments.ts';
import { registerRecordRoutes } from './records.ts';
import { registerTenantService } from './tenant-service.ts';
import { registerTenantSettingsRoutes } from './tenant-settings.ts';
import { registerSearchRoutes } from './search.ts';
import { registerSavedViewRoutes } from './saved-views.ts';
import { registerCsvExportRoutes } from './csv-export.ts';
import { registerCsvImportRoutes } from './csv-import.ts';
import { registerBulkRoutes } from './bulk.ts';
import { refuseNulCharacters } from '../http/text-guard.ts';

/**
 * The CRM API under /api and the tenant service under /tenant-service, as one plugin:
 * encapsulated, so its body rules reach only these routes. The calls a stranger can
 * reach or that enumerate (sign-up, profile, get-tenant) are limited, each with the
 * configured number per minute (see rateLimits).
 */
export default async function apiRoutes(api: FastifyInstance, context: RouteContext): Promise<void> {
  // Fastify reads text/plain bodies by default; this API takes JSON only (others get 415).
  api.removeContentTypeParser('text/plain');
  api.addHook('preValidation', refuseNulCharacters);
  const limits = rateLimits(context.config.rateLimitPerMinute);
  registerAuthRoutes(api, context, limits);
  registerUserRoutes(api, context);
  registerSalespersonRoutes(api, context);
  registerTeamRoutes(api, context);
  registerCustomerRoutes(api, context);
  registerOpportunityRoutes(api, context);
  registerOpportunityRecordRoutes(api, context);
  registerOpportunityViewRoutes(api, context);
  registerOpportunityBoardRoutes(api, context);
  registerCalendarEventRoutes(api, context);
  registerActivityRoutes(api, context);
  registerAttachmentRoutes(api, context);
  registerTenantSettingsRoutes(api, context);
  registerCsvExportRoutes(api, context);
  registerCsvImportRoutes(api, context);
  registerBulkRoutes(api, context);
  registerRecordRoutes(api, context);
  registerSearchRoutes(api, context);
  registerSavedViewRoutes(api, context);
  registerTenantService(api, context, limits.public);
}
