import type { Product } from '@despensa/contracts';
import { NUTRIENTS, nutritionBasisLabel } from '@despensa/domain';
import { formatNumber } from '../../../lib/format';

type Nutrition = NonNullable<Product['nutrition']>;

/** The nutrition facts per 100 g or 100 ml, as the label prints them. */
export function NutritionTable(props: { nutrition: Nutrition }) {
  const { nutrition } = props;
  const basis = nutritionBasisLabel(nutrition.basis);
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
        {NUTRIENTS.map(({ key, label, unit }) => (
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
