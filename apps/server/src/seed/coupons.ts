import { couponPromotionId, type Promotion } from '@despensa/domain';

const everywhere = {
  idsSalesChannel: [],
  idsSalesChannelExclusive: [],
  pricePpum: false,
  exclusions: { products: [], skus: [], brands: [], categories: [], collections: [], seller: [] },
};

const percentOff = (
  code: string,
  description: string,
  value: number,
  categories: string[],
  start: string,
  end: string,
): Promotion => ({
  id: couponPromotionId(code),
  name: `Cupón ${code}`,
  description,
  type: 'regular',
  discountType: 'percentual',
  value,
  quantity: 1,
  quantityAffected: 1,
  minQuantity: 1,
  cumulative: true,
  tcenco: false,
  start,
  end,
  inclusions: { products: [], skus: [], brands: [], categories, collections: [] },
  ...everywhere,
});

/** Demo coupons (seed data, not a migration): one for the whole cart, one for Lácteos (category 1), one expired. */
export const DEMO_COUPONS: { code: string; promotion: Promotion }[] = [
  {
    code: 'BIENVENIDA10',
    promotion: percentOff(
      'BIENVENIDA10',
      '10 % de descuento en tu compra.',
      10,
      [],
      '2020-01-01T00:00:00Z',
      '2099-12-31T23:59:59Z',
    ),
  },
  {
    code: 'LACTEOS15',
    promotion: percentOff(
      'LACTEOS15',
      '15 % de descuento en Lácteos.',
      15,
      ['1'],
      '2020-01-01T00:00:00Z',
      '2099-12-31T23:59:59Z',
    ),
  },
  {
    code: 'VERANO2024',
    promotion: percentOff(
      'VERANO2024',
      '5 % de descuento del verano 2024.',
      5,
      [],
      '2023-12-21T00:00:00Z',
      '2024-03-20T23:59:59Z',
    ),
  },
];
