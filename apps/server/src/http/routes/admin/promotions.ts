import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appKeyHeaders,
  calculatorConfiguration,
  calculatorConfigurationBody,
  calculatorConfigurationList,
  calculatorConfigurationParams,
  errorResponse,
  errorResponses,
  Failure,
  promotionPreview,
  promotionPreviewBody,
} from '@despensa/contracts';
import type { Database } from '../../../db/client';
import { runFlow } from '../../../flows/flow';
import { savePromotionFlow, type PromotionChangeModules } from '../../../flows/promotion-change';
import { previewPromotion } from '../../../flows/promotion-preview';
import type { IntegrationService } from '../../../modules/integration/service';
import { calculatorConfigurationOf } from '../../../modules/promotions/calculator-configuration';
import type { OperationsService } from '../../../modules/operations/service';
import { appKeyGuard, integrationActor } from '../../app-key-guard';
import { merchandised } from './back-office-guard';

const tags = ['integration: promotions'];
/** Integration routes authenticate with VTEX's app key and token, not the storefront's x-api-key. */
const security: { [name: string]: string[] }[] = [];
const refusals = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

/**
 * VTEX's Promotions & Taxes API (scope `promotions`): the §3 promotions the price engine applies, each
 * checked by the engine's rules before it is kept (promotionNotPriceable).
 */
export function promotionRoutes(
  database: Database,
  integration: IntegrationService,
  modules: PromotionChangeModules,
): FastifyPluginAsyncZod {
  const savePromotion = savePromotionFlow(modules);
  return async (app) => {
    const onRequest = appKeyGuard(integration, 'promotions');
    app.post(
      '/api/rnb/pvt/calculatorconfiguration',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary:
            'Create a promotion, or replace the one idCalculatorConfiguration names; shoppers see it at once. Refused when the price engine cannot price it (promotionNotPriceable)',
          headers: appKeyHeaders,
          body: calculatorConfigurationBody,
          response: { 200: calculatorConfiguration, ...refusals },
        },
      },
      async (request) =>
        runFlow(database, savePromotion, { actor: integrationActor(request), body: request.body }),
    );
    app.get(
      '/api/rnb/pvt/calculatorconfiguration/:idCalculatorConfiguration',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'One promotion, in VTEX’s shape',
          headers: appKeyHeaders,
          params: calculatorConfigurationParams,
          response: { 200: calculatorConfiguration, ...refusals },
        },
      },
      async (request) => {
        const promotion = await modules.promotions.find(request.params.idCalculatorConfiguration);
        if (!promotion) throw new Failure('promotionNotFound');
        return calculatorConfigurationOf(promotion);
      },
    );
    app.get(
      '/api/rnb/pvt/benefits/calculatorconfiguration',
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: 'Every promotion, live, scheduled, ended or paused',
          headers: appKeyHeaders,
          response: { 200: calculatorConfigurationList, ...refusals },
        },
      },
      async () => ({
        items: (await modules.promotions.all()).map((promotion) => {
          const { idCalculatorConfiguration, name, description, beginDateUtc, endDateUtc, isActive, type } =
            calculatorConfigurationOf(promotion);
          return {
            idCalculatorConfiguration,
            name,
            description,
            beginDate: beginDateUtc,
            endDate: endDateUtc,
            isActive,
            type,
          };
        }),
      }),
    );
  };
}

/** The back office's preview of a sample cart under a draft promotion (administrators, merchandisers). */
export function promotionPreviewRoutes(
  operations: OperationsService,
  modules: PromotionChangeModules,
  clock: () => Date,
): FastifyPluginAsyncZod {
  return async (plain) => {
    const app = merchandised(plain, operations);
    app.post(
      '/api/admin/promotions/preview',
      {
        schema: {
          tags: ['back office'],
          summary:
            'Price a sample cart with the promotions live now and with a draft promotion added, before it is published (cents)',
          body: promotionPreviewBody,
          response: { 200: promotionPreview, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => previewPromotion(modules, request.body, clock()),
    );
  };
}
