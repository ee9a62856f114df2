import type { Product } from '@despensa/contracts';
import { formatNumber } from '../../../lib/format';

type Nutrition = NonNullable<Product['nutrition']>;

const ROWS: [keyof Nutrition, string, string][] = [
  ['energyKcal', 'Energía', 'kcal'],
  ['proteinG', 'Proteínas', 'g'],
  ['fatTotalG', 'Grasas totales', 'g'],
  ['fatSaturatedG', 'Grasas saturadas', 'g'],
  ['carbohydratesG', 'Hidratos de carbono disponibles', 'g'],
  ['sugarsG', 'Azúcares totales', 'g'],
  ['fiberG', 'Fibra dietética', 'g'],
  ['sodiumMg', 'Sodio', 'mg'],
];

/** The nutrition facts per 100 g or 100 ml, as the label prints them. */
export function NutritionTable(props: { nutrition: Nutrition }) {
  const { nutrition } = props;
  const basis = nutrition.basis === '100ml' ? '100 ml' : '100 g';
  return (
    <table className="nutrition-table">
      <caption>
        Porción: {nutrition.servingSize}. Valores por {basis}.
      </caption>
      <thead>
        <tr>
          <th scope="col">Nutriente</th>
          <th scope="col">{basis}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map(([key, label, unit]) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>
              {formatNumber(Number(nutrition[key]), 1)} {unit}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
