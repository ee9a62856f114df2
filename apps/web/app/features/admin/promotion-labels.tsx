import { Form } from 'react-router';
import type { BackOfficePromotion } from '@despensa/contracts';

/** Where a promotion (a coupon's too) stands now, as the lists read it. */
export const PROMOTION_STATUS_LABELS: Record<BackOfficePromotion['status'], string> = {
  live: 'Vigente',
  scheduled: 'Programada',
  ended: 'Terminada',
  paused: 'En pausa',
};

/** Where a promotion applies, in words: its SKUs, categories and brands, and its stores. */
export function whereItApplies(promotion: BackOfficePromotion): string {
  const named = (list: { id: string; name: string }[]) => list.map((each) => each.name || each.id).join(', ');
  const parts = [
    promotion.skus.length > 0 ? `SKU: ${named(promotion.skus)}` : null,
    promotion.products.length > 0 ? `Productos: ${named(promotion.products)}` : null,
    promotion.categories.length > 0 ? `Categorías: ${named(promotion.categories)}` : null,
    promotion.brands.length > 0 ? `Marcas: ${named(promotion.brands)}` : null,
  ].filter(Boolean);
  const what = parts.length > 0 ? parts.join('. ') : 'Todo el catálogo';
  const stores = promotion.channels.length > 0 ? named(promotion.channels) : 'todas las tiendas';
  return `${what}. En ${stores}.`;
}

/** A list row's 'Pausar' or 'Reanudar' (intent pause or resume), naming what it acts on for a reader. */
export function PauseForm({
  hidden,
  isActive,
  name,
  busy,
}: {
  hidden: Record<string, string>;
  isActive: boolean;
  name: string;
  busy: boolean;
}) {
  const verb = isActive ? 'Pausar' : 'Reanudar';
  return (
    <Form method="post">
      {Object.entries(hidden).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button
        type="submit"
        name="intent"
        value={isActive ? 'pause' : 'resume'}
        className="button button--secondary"
        disabled={busy}
        aria-label={`${verb} ${name}`}
      >
        {verb}
      </button>
    </Form>
  );
}
