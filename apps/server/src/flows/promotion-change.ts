import {
  Failure,
  type AuditActor,
  type CalculatorConfiguration,
  type CalculatorConfigurationBody,
} from '@despensa/contracts';
import { promotionProblem, type Promotion, type PromotionProblem } from '@despensa/domain';
import type { AuditService } from '../modules/audit/service';
import type { CatalogService } from '../modules/catalog/service';
import { calculatorConfigurationOf, promotionOf } from '../modules/promotions/calculator-configuration';
import type { PromotionsService } from '../modules/promotions/service';
import { defineFlow } from './flow';

export interface PromotionChangeModules {
  promotions: PromotionsService;
  catalog: CatalogService;
  audit: AuditService;
}

/** The field of VTEX's shape each of the engine's problems is about, so a form shows it beside its input. */
function bodyField(field: PromotionProblem['field'], body: CalculatorConfigurationBody): string {
  const fields: Record<PromotionProblem['field'], keyof CalculatorConfigurationBody> = {
    value: body.nominalDiscountValue > 0 ? 'nominalDiscountValue' : 'percentualDiscountValue',
    quantity: 'minimumQuantityBuyTogether',
    quantityAffected: 'quantityToAffectBuyTogether',
    minQuantity: 'minimumQuantityBuyTogether',
    start: 'beginDateUtc',
    end: 'endDateUtc',
    idsSalesChannel: 'idsSalesChannel',
  };
  return fields[field];
}

/**
 * A draft in VTEX's shape as the §3 promotion the engine will price, or promotionNotPriceable with the
 * reason in Spanish. `before` is the promotion it replaces: what VTEX's shape does not carry (minQuantity,
 * pricePpum) stays as it was.
 */
export function priceablePromotion(
  body: CalculatorConfigurationBody,
  catalog: CatalogService,
  before: Promotion | null = null,
): Promotion {
  const converted = promotionOf(body, before?.id);
  const promotion = before
    ? { ...converted, minQuantity: before.minQuantity, pricePpum: before.pricePpum }
    : converted;
  const problem = promotionProblem(promotion, catalog.index.salesChannels);
  if (problem)
    throw new Failure('promotionNotPriceable', {
      message: problem.message,
      field: bodyField(problem.field, body),
    });
  return promotion;
}

/**
 * POST /api/rnb/pvt/calculatorconfiguration, in ONE transaction: the promotion checked by the engine's
 * rules, written through the promotions module (a new one, or the one idCalculatorConfiguration names),
 * and the audit row with before and after. At the commit every instance hears the change.
 */
export function savePromotionFlow({ promotions, catalog, audit }: PromotionChangeModules) {
  return defineFlow<{ actor: AuditActor; body: CalculatorConfigurationBody }, CalculatorConfiguration>(
    'save-promotion',
    async ({ actor, body }, { tx, step }) => {
      const id = body.idCalculatorConfiguration;
      const before = id ? await step('lockPromotion', () => promotions.find(id, tx)) : null;
      if (id && !before) throw new Failure('promotionNotFound');
      const promotion = priceablePromotion(body, catalog, before);
      await step('storePromotion', () => promotions.save(tx, promotion));
      const after = calculatorConfigurationOf(promotion);
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: before ? 'promotion.update' : 'promotion.create',
          subject: `promotion:${promotion.id}`,
          before: before && calculatorConfigurationOf(before),
          after,
        }),
      );
      return after;
    },
  );
}

/**
 * The back office pauses a promotion (kept, not applied) or resumes it, in ONE transaction with its audit
 * row. A resumed promotion is checked by the engine's rules again, as any promotion about to apply.
 */
export function setPromotionActiveFlow({ promotions, catalog, audit }: PromotionChangeModules) {
  return defineFlow<{ actor: AuditActor; id: string; isActive: boolean }, CalculatorConfiguration>(
    'promotion-active',
    async ({ actor, id, isActive }, { tx, step }) => {
      const before = await step('lockPromotion', () => promotions.find(id, tx));
      if (!before) throw new Failure('promotionNotFound');
      const promotion = { ...before, active: isActive };
      const problem = isActive ? promotionProblem(promotion, catalog.index.salesChannels) : null;
      if (problem) throw new Failure('promotionNotPriceable', { message: problem.message });
      await step('storePromotion', () => promotions.save(tx, promotion));
      const after = calculatorConfigurationOf(promotion);
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: isActive ? 'promotion.resume' : 'promotion.pause',
          subject: `promotion:${id}`,
          before: calculatorConfigurationOf(before),
          after,
        }),
      );
      return after;
    },
  );
}
