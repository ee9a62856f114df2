import { Link, useLocation, useNavigate } from 'react-router';
import type { BrandConfig, OrderInfo } from '@despensa/contracts';
import { BrandLogo } from '../../ui/brand-logo';
import { useCart } from './cart-context';
import { groupByCategory } from './cart-groups';
import { CartLine } from './cart-line';
import { CartMessages } from './cart-messages';
import { CartProductsDialog } from './cart-products-dialog';
import { CartTotals } from './cart-totals';
import { CheckoutButton } from './checkout-button';
import { CouponForm } from './coupon-form';
import { EmptyCartButton } from './empty-cart-button';
import { SubstitutionChoice } from './substitution-choice';
import './cart.css';

/** /mi-carro and /_secure/cart: the lines by category with their substitution choice, coupon and summary. */
export function CartPage({
  brand,
  title,
  savedOrderInfo,
  addedSkus,
}: {
  brand: BrandConfig;
  title: string;
  savedOrderInfo: OrderInfo | null;
  /** The skus a set (a recipe) just brought: the cart-products dialog shows them once. */
  addedSkus: string[];
}) {
  const { lines, orderForm, busy, orderInfo } = useCart();
  const skuData = (orderInfo ?? savedOrderInfo)?.skuData ?? {};
  return (
    <div className="cart-page container">
      <div className="cart-page__top">
        <BrandLogo brand={brand} />
        <Link to="/" className="text-button">
          Seguir comprando
        </Link>
      </div>
      <main className="cart-page__main">
        <div className="cart-page__heading">
          <h1>{title}</h1>
          {lines.length ? <EmptyCartButton /> : null}
        </div>
        <CartMessages codes={(code) => !code.startsWith('coupon')} />
        {lines.length === 0 ? (
          <p className="cart-page__empty">
            Tu carro está vacío. <Link to="/">Ver productos</Link>
          </p>
        ) : (
          groupByCategory(lines).map((group) => (
            <section key={group.category} className="cart-group" aria-label={group.category}>
              <h2 className="cart-group__title">{group.category}</h2>
              <ul className="cart-lines">
                {group.lines.map((line) => (
                  <CartLine key={line.uniqueId} line={line}>
                    <SubstitutionChoice skuId={line.id} productName={line.name} saved={skuData[line.id]} />
                  </CartLine>
                ))}
              </ul>
            </section>
          ))
        )}
      </main>
      <aside className="cart-page__summary" aria-label="Resumen de tu compra">
        <h2 className="cart-page__subtitle">Resumen</h2>
        {orderForm && lines.length ? <CartTotals orderForm={orderForm} busy={busy} /> : null}
        <CheckoutButton defaultStoreName={brand.name} />
        <CouponForm />
      </aside>
      {addedSkus.length ? <AddedProducts skus={addedSkus} /> : null}
    </div>
  );
}

/** The cart-products dialog over the page, until the shopper closes it (the address then forgets the set). */
function AddedProducts({ skus }: { skus: string[] }) {
  const { orderForm } = useCart();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const lines = orderForm?.items.filter((item) => skus.includes(item.id)) ?? [];
  return (
    <CartProductsDialog
      lines={orderForm ? lines : null}
      missing={skus.length - lines.length}
      onClose={() => void navigate(pathname, { replace: true, preventScrollReset: true })}
    />
  );
}
