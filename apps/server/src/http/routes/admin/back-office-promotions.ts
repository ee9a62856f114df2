import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type BackOfficePromotion,
  backOfficePromotion,
  backOfficeSalesChannel,
  calculatorConfigurationBody,
  calculatorConfigurationParams,
  Failure,
  promotionActiveBody,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { promotionList, promotionPage, type BackOfficeViewModules } from '../../../flows/back-office-views';
import { runFlow } from '../../../flows/flow';
import { savePromotionFlow, setPromotionActiveFlow } from '../../../flows/promotion-change';
import type { AuditService } from '../../../modules/audit/service';
import type { OperationsService } from '../../../modules/operations/service';
import { merchandised, staffActor } from './back-office-guard';
import { ofBackOfficeNoClash } from './back-office-schemas';

type BackOfficePromotionModules = BackOfficeViewModules & { audit: AuditService };

/**
 * The back office's promotions (/api/admin/promotions, merchandisers and administrators): list them with
 * where they apply and where they stand, create or edit one, pause or resume it; every write through the
 * flows the integration API uses (the engine's checks, the audit row, the staff member as the actor).
 */
export function backOfficePromotionRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficePromotionModules,
  clock: () => Date,
): FastifyPluginAsyncZod {
  const answer = async (id: string) => {
    const promotion = await modules.promotions.find(id);
    if (!promotion) throw new Failure('promotionNotFound');
    return promotionPage(modules, promotion, clock());
  };
  return async (plain) => {
    await plain.register(promotionEditRoutes(database, operations, modules, answer));
    const app = merchandised(plain, operations);
    app.get(
      '/api/admin/promotions',
      {
        schema: ofBackOfficeNoClash(
          'Every promotion, newest start first: where it applies and whether it is live now',
          z.array(backOfficePromotion),
        ),
      },
      async () => promotionList(modules, clock()),
    );
    app.get(
      '/api/admin/sales-channels',
      {
        schema: ofBackOfficeNoClash(
          "The catalogue's sales channels, by their store's name",
          z.array(backOfficeSalesChannel),
        ),
      },
      async () => {
        // Every channel the catalogue sells in: each store's, and the one a visitor without a store sees.
        const stores = await modules.stores.activeRows();
        return [...modules.catalog.index.salesChannels]
          .sort((a, b) => a - b)
          .map((salesChannel) => ({
            salesChannel,
            name:
              stores.find((store) => store.salesChannel === salesChannel)?.name ??
              `Canal de venta ${salesChannel} (sin tienda elegida)`,
          }));
      },
    );
    app.get(
      '/api/admin/promotions/:idCalculatorConfiguration',
      {
        schema: ofBackOfficeNoClash('One promotion, as the back office edits it', backOfficePromotion, {
          params: calculatorConfigurationParams,
        }),
      },
      async (request) => answer(request.params.idCalculatorConfiguration),
    );
  };
}

/** Create, edit, pause and resume: the flows the integration API uses, the staff member as the actor. */
function promotionEditRoutes(
  database: Database,
  operations: OperationsService,
  modules: BackOfficePromotionModules,
  answer: (id: string) => Promise<BackOfficePromotion>,
): FastifyPluginAsyncZod {
  const savePromotion = savePromotionFlow(modules);
  const setActive = setPromotionActiveFlow(modules);
  return async (plain) => {
    const app = merchandised(plain, operations);
    app.post(
      '/api/admin/promotions',
      {
        schema: ofBackOfficeNoClash(
          'Create a promotion, or replace the one idCalculatorConfiguration names (as POST /api/rnb/pvt/calculatorconfiguration; promotionNotPriceable names the field)',
          backOfficePromotion,
          { body: calculatorConfigurationBody },
        ),
      },
      async (request) => {
        const saved = await runFlow(database, savePromotion, {
          actor: staffActor(request),
          body: request.body,
        });
        return answer(saved.idCalculatorConfiguration);
      },
    );
    app.put(
      '/api/admin/promotions/:idCalculatorConfiguration/active',
      {
        schema: ofBackOfficeNoClash(
          'Pause a promotion (kept, not applied) or resume it',
          backOfficePromotion,
          {
            params: calculatorConfigurationParams,
            body: promotionActiveBody,
          },
        ),
      },
      async (request) => {
        const id = request.params.idCalculatorConfiguration;
        await runFlow(database, setActive, {
          actor: staffActor(request),
          id,
          isActive: request.body.isActive,
        });
        return answer(id);
      },
    );
  };
}
