import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatStamp } from './admin-format';
import type { BackOfficePromotion } from '@despensa/contracts';

/** Where a promotion (a coupon's too) stands now, as the lists read it. */
const PROMOTION_STATUS_LABELS: Record<BackOfficePromotion['status'], string> = {
  live: 'Vigente',
  scheduled: 'Programada',
  ended: 'Terminada',
  paused: 'En pausa',
};

/** Where a promotion applies, in words: its SKUs, categories and brands, and its stores. */
function whereItApplies(promotion: BackOfficePromotion): string {
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

/** One row of a promotions table: what heads it (a link), the promotion, and how its pause names it. */
export interface PromotionRow {
  key: string;
  /** The row's header cells: the name, or a coupon's code and what it gives. */
  heads: ReactNode[];
  promotion: BackOfficePromotion;
  /** The pause form's hidden fields and the name its button reads out. */
  pause: { hidden: Record<string, string>; name: string };
}

/**
 * The promotions' and the coupons' lists: their own first columns, then where each stands, when, where it
 * applies, and its 'Pausar' or 'Reanudar'.
 */
export function PromotionsTable({
  caption,
  headings,
  rows,
  busy,
}: {
  caption: string;
  headings: string[];
  rows: PromotionRow[];
  busy: boolean;
}) {
  return (
    <table className="console-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {[...headings, 'Estado', 'Vigencia', 'Dónde aplica', 'Acción'].map((heading) => (
            <th key={heading} scope="col">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, heads, promotion, pause }) => (
          <tr key={key}>
            {heads.map((head, position) =>
              position === 0 ? (
                <th key={position} scope="row">
                  {head}
                </th>
              ) : (
                <td key={position}>{head}</td>
              ),
            )}
            <td>{PROMOTION_STATUS_LABELS[promotion.status]}</td>
            <td>
              {formatStamp(promotion.beginDateUtc)} – {formatStamp(promotion.endDateUtc)}
            </td>
            <td>{whereItApplies(promotion)}</td>
            <td>
              <PauseForm hidden={pause.hidden} isActive={promotion.isActive} name={pause.name} busy={busy} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list row's 'Pausar' or 'Reanudar' (intent pause or resume), naming what it acts on for a reader. */
function PauseForm({
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
