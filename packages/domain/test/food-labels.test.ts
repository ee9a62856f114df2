import { describe, expect, it } from 'vitest';
import { nutritionBasisLabel, nutritionBasisOf } from '../src';

describe("a nutrition label's basis", () => {
  it('reads the words a label or an ERP writes, and prints them as the label does', () => {
    expect(['100 g', '100g', '100 ML', ' 100ml '].map(nutritionBasisOf)).toEqual([
      '100g',
      '100g',
      '100ml',
      '100ml',
    ]);
    expect(['200 g', '100 kg', 'cien gramos', ''].map(nutritionBasisOf)).toEqual([null, null, null, null]);
    expect([nutritionBasisLabel('100ml'), nutritionBasisLabel('100g')]).toEqual(['100 ml', '100 g']);
  });
});
