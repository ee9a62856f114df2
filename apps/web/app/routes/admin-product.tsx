import { data, Link, useActionData, useNavigation } from 'react-router';
import type { BackOfficeProduct } from '@despensa/contracts';
import { withStoreFixedPrice } from '@despensa/domain';
import { assertSameOrigin } from '../features/account/account-server';
import { backOffice, refusalAnswer, requireMerchandiser } from '../features/admin/admin-server';
import type { FormAnswer } from '../features/admin/form-field';
import { PriceForm, ProductForm, SkuForm, StockTable } from '../features/admin/product-forms';
import type { Route } from './+types/admin-product';

const productPath = (productId: string) => `/api/admin/catalog/products/${encodeURIComponent(productId)}`;

/** /admin/catalogo/{productId}: a product, its SKUs, their prices and their stock in every store. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { token } = await requireMerchandiser(context.services, request);
  if (!/^\d{1,9}$/.test(params.productId)) throw data('Producto no encontrado', { status: 404 });
  const page = await backOffice<BackOfficeProduct>(context.services, request, token, {
    path: productPath(params.productId),
  });
  return { page };
}

/** Empty means "not sent" (the server keeps or clears it as its API says); otherwise a number. */
const numberOf = (value: FormDataEntryValue | null) =>
  value === null || String(value).trim() === '' ? undefined : Number(value);
const textOf = (value: FormDataEntryValue | null) => String(value ?? '');

type SaveCall = { form: string; saved: string; call: { method: 'PUT'; path: string; body: unknown } };

/** The SKU's price row, replaced whole: its prices (the price form) or one store's own price in it. */
async function priceRowCall(
  form: FormData,
  skuId: string,
  current: () => Promise<BackOfficeProduct>,
): Promise<SaveCall> {
  const path = `/api/admin/catalog/skus/${encodeURIComponent(skuId)}/price`;
  // The price table's row is replaced whole: what the form does not change (markup, the other fixed
  // prices) is sent back as the server keeps it.
  const kept = (await current()).skus.find((entry) => String(entry.sku.Id) === skuId)?.price;
  if (form.get('intent') === 'price') {
    return {
      form: `price-${skuId}`,
      saved: 'Precios guardados: los clientes ya ven el nuevo precio.',
      call: {
        method: 'PUT',
        path,
        body: {
          markup: kept?.markup ?? null,
          basePrice: numberOf(form.get('basePrice')),
          listPrice: numberOf(form.get('listPrice')) ?? null,
          costPrice: numberOf(form.get('costPrice')) ?? null,
          fixedPrices: kept?.fixedPrices ?? [],
        },
      },
    };
  }
  // The store's own price is one entry of the row's fixed prices.
  const salesChannel = Number(form.get('salesChannel'));
  const value = numberOf(form.get('value')) ?? null;
  return {
    form: `fixed-${skuId}-${salesChannel}`,
    saved:
      value === null
        ? 'Precio fijo quitado: la tienda vende al precio base.'
        : 'Precio fijo guardado: los clientes de esa tienda ya lo ven.',
    call: {
      method: 'PUT',
      path,
      body: {
        markup: kept?.markup ?? null,
        basePrice: kept?.basePrice,
        listPrice: kept?.listPrice ?? null,
        costPrice: kept?.costPrice ?? null,
        fixedPrices: withStoreFixedPrice(kept?.fixedPrices ?? [], salesChannel, value),
      },
    },
  };
}

/** Each form of the page, as the server's back-office API takes it (the integration APIs' bodies). */
async function saveCall(
  form: FormData,
  productId: string,
  current: () => Promise<BackOfficeProduct>,
): Promise<SaveCall> {
  const skuId = textOf(form.get('skuId'));
  const skuPath = `/api/admin/catalog/skus/${encodeURIComponent(skuId)}`;
  switch (form.get('intent')) {
    case 'product':
      return {
        form: 'product',
        saved: 'Producto guardado.',
        call: {
          method: 'PUT',
          path: productPath(productId),
          body: {
            Name: textOf(form.get('Name')),
            Description: textOf(form.get('Description')),
            BrandId: numberOf(form.get('BrandId')),
            CategoryId: numberOf(form.get('CategoryId')),
            IsActive: form.get('IsActive') === 'on',
          },
        },
      };
    case 'sku':
      return {
        form: `sku-${skuId}`,
        saved: 'SKU guardado.',
        call: {
          method: 'PUT',
          path: skuPath,
          body: {
            Name: textOf(form.get('Name')),
            Ean: textOf(form.get('Ean')) || undefined,
            MeasurementUnit: textOf(form.get('MeasurementUnit')),
            UnitMultiplier: numberOf(form.get('UnitMultiplier')),
            ImageUrl: textOf(form.get('ImageUrl')) || null,
          },
        },
      };
    case 'price':
    case 'fixedPrice':
      return priceRowCall(form, skuId, current);
    default: {
      const warehouseId = textOf(form.get('warehouseId'));
      return {
        form: `stock-${skuId}-${warehouseId}`,
        saved: 'Stock guardado.',
        call: {
          method: 'PUT',
          path: `${skuPath}/stock/${encodeURIComponent(warehouseId)}`,
          body: { quantity: numberOf(form.get('quantity')), unlimitedQuantity: false },
        },
      };
    }
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { token } = await requireMerchandiser(context.services, request);
  const form = await request.formData();
  const current = () =>
    backOffice<BackOfficeProduct>(context.services, request, token, { path: productPath(params.productId) });
  const { form: which, saved, call } = await saveCall(form, params.productId, current);
  try {
    await backOffice(context.services, request, token, call);
    return { form: which, saved };
  } catch (error) {
    const refusal = refusalAnswer(error);
    return data({ form: which, ...refusal.data }, { status: 400 });
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: `${loaded?.page.product.Name ?? 'Producto'} · Catálogo · Administración` }];
}

export default function AdminProduct({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as FormAnswer;
  const busy = useNavigation().state === 'submitting';
  const { page } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/catalogo">Volver al catálogo</Link>
      </p>
      <h1>{page.product.Name}</h1>
      <ProductForm page={page} answer={answer} busy={busy} />
      {page.skus.map((entry) => (
        <section key={entry.sku.Id} className="console-card" aria-labelledby={`sku-${entry.sku.Id}`}>
          <h2 id={`sku-${entry.sku.Id}`}>
            SKU {entry.sku.Id}: {entry.sku.Name}
          </h2>
          <div className="admin-columns">
            <SkuForm entry={entry} answer={answer} busy={busy} />
            <PriceForm entry={entry} answer={answer} busy={busy} />
          </div>
          <StockTable entry={entry} answer={answer} busy={busy} />
        </section>
      ))}
    </>
  );
}
