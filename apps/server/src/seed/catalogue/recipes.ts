/** Short home recipes shown on some pantry, produce and butcher products. */
export const RECIPES = {
  arroz:
    'Arroz graneado: sofríe 1 taza de arroz con un chorrito de aceite y ajo picado, agrega 2 tazas de agua hirviendo con sal, tapa y cocina 18 minutos a fuego bajo. Deja reposar 5 minutos antes de servir.',
  porotos:
    'Porotos con riendas: remoja 500 g de porotos la noche anterior y cuécelos 1 hora. Agrega un sofrito de cebolla, zapallo en cubos y ají de color, suma tallarines y cocina 10 minutos más.',
  lentejas:
    'Lentejas guisadas: cuece 2 tazas de lentejas con zanahoria, pimentón y cebolla picada. Sazona con comino y sirve con arroz graneado.',
  garbanzos:
    'Garbanzos con espinaca: cuece los garbanzos remojados 50 minutos y saltéalos con ajo, pimentón y espinaca fresca. Termina con un chorrito de aceite de oliva.',
  pasta:
    'Pasta a la bolognesa: cuece la pasta en abundante agua con sal según el envase y mézclala con una salsa de carne molida, cebolla, zanahoria y salsa de tomate cocinada 20 minutos.',
  charquican:
    'Charquicán: sofríe cebolla y carne picada, agrega papas, zapallo camote, choclo y porotos verdes, cubre con caldo y cocina 25 minutos. Muele un poco y sirve con un huevo frito.',
  ensalada:
    'Ensalada chilena: corta tomates en pluma y cebolla en pluma fina (pasada por agua fría), aliña con sal, aceite y cilantro picado.',
  palta:
    'Palta reina: rellena medias paltas con pollo desmenuzado, mayonesa y apio picado. Sirve sobre hojas de lechuga.',
  asado:
    'Asado a la parrilla: sala la carne por ambos lados 10 minutos antes y ásala a fuego medio sobre brasas sin llama, dándola vuelta una sola vez. Deja reposar 5 minutos antes de cortar.',
  cazuela:
    'Cazuela de vacuno: cuece la carne 1 hora en agua con cebolla y zanahoria; agrega papas, trozos de zapallo y choclo, y al final arroz y porotos verdes. Sirve con cilantro picado.',
  pastelDeChoclo:
    'Pastel de choclo: prepara un pino de carne molida y cebolla, agrégale pollo, huevo duro y aceitunas, cubre con pastelera de choclo y hornea hasta dorar.',
  costillar:
    'Costillar al horno: adoba el costillar con ajo, comino, merkén y sal; hornéalo tapado 1 hora 30 minutos a 160 °C y luego destapado 20 minutos a 200 °C.',
  pollo:
    'Pollo al jugo: dora los trutros en una olla, agrega cebolla, zanahoria y pimentón, cubre con caldo y cocina 40 minutos a fuego bajo.',
  pescado:
    'Pescado a la plancha: seca el filete, salpimienta y cocínalo en un sartén caliente con aceite 3 minutos por lado. Sirve con limón y ensalada.',
} as const;

export type RecipeKey = keyof typeof RECIPES;

/**
 * What each recipe asks for besides the product it is shown on, as the start of product names ('Aceite
 * Vegetal' matches 'Aceite Vegetal Despensa 1 L'). linkRecipeIngredients picks the best-selling product of
 * each; a term no product starts with is skipped.
 */
export const RECIPE_INGREDIENTS: Record<RecipeKey, readonly string[]> = {
  arroz: ['Aceite Vegetal', 'Ajo', 'Sal Fina'],
  porotos: ['Cebolla', 'Zapallo', 'Fideos Tallarín', 'Aliño Completo'],
  lentejas: ['Zanahoria', 'Pimentón', 'Cebolla', 'Comino', 'Arroz Grado'],
  garbanzos: ['Ajo', 'Pimentón', 'Espinaca', 'Aceite de Oliva'],
  pasta: ['Carne Molida', 'Cebolla', 'Zanahoria', 'Salsa de Tomate'],
  charquican: ['Cebolla', 'Carne Molida', 'Papa', 'Zapallo', 'Choclo', 'Huevos'],
  ensalada: ['Tomate', 'Cebolla', 'Aceite Vegetal', 'Sal Fina', 'Cilantro'],
  palta: ['Pechuga de Pollo', 'Mayonesa', 'Apio', 'Lechuga'],
  asado: ['Sal Parrillera', 'Carbón', 'Marraqueta'],
  cazuela: ['Cebolla', 'Zanahoria', 'Papa', 'Zapallo', 'Choclo', 'Arroz Grado', 'Cilantro'],
  pastelDeChoclo: ['Carne Molida', 'Cebolla', 'Pechuga de Pollo', 'Huevos', 'Aceitunas'],
  costillar: ['Ajo', 'Comino', 'Merkén', 'Sal Fina'],
  pollo: ['Cebolla', 'Zanahoria', 'Pimentón', 'Caldo de'],
  pescado: ['Limón', 'Aceite Vegetal', 'Ensalada'],
};

const RECIPE_KEY_BY_TEXT = new Map(
  (Object.entries(RECIPES) as [RecipeKey, string][]).map(([key, text]) => [text, key]),
);

/** Gives every product with a recipe the skus of its other ingredients (the recipe cart's skus). */
export function linkRecipeIngredients(
  products: readonly {
    id: number;
    name: string;
    sales: number;
    recipe: string | null;
    recipeSkuIds: number[];
    skus: readonly { id: number }[];
  }[],
): void {
  const byName = [...products].sort((a, b) => b.sales - a.sales || a.id - b.id);
  const firstStartingWith = new Map<string, (typeof products)[number] | undefined>();
  const find = (term: string) => {
    if (!firstStartingWith.has(term)) {
      const prefix = `${normalize(term)} `;
      firstStartingWith.set(
        term,
        byName.find((product) => `${normalize(product.name)} `.startsWith(prefix)),
      );
    }
    return firstStartingWith.get(term);
  };
  for (const product of products) {
    const key = product.recipe === null ? undefined : RECIPE_KEY_BY_TEXT.get(product.recipe);
    if (!key) continue;
    const found = RECIPE_INGREDIENTS[key]
      .map(find)
      .filter((other) => other !== undefined && other.id !== product.id)
      .map((other) => other!.skus[0]!.id);
    product.recipeSkuIds = [...new Set(found)];
  }
}

function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
