import type { ReactNode } from 'react';
import type { Product } from '@despensa/contracts';
import { FoodCertificates } from './food-certificates';
import { NutritionTable } from './nutrition-table';

/** One accordion section: native details/summary, keyboard and screen-reader ready without scripts. */
function Section(props: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="product-section" open={props.open}>
      <summary>
        <h2>{props.title}</h2>
      </summary>
      <div className="product-section__body">{props.children}</div>
    </details>
  );
}

function Facts(props: { facts: [string, string][] }) {
  return (
    <dl className="product-facts">
      {props.facts.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Facts with a value; the others are left out rather than shown empty. */
function presentFacts(facts: [string, string | undefined][]): [string, string][] {
  return facts.filter((fact): fact is [string, string] => !!fact[1]);
}

function Missing(props: { what: string }) {
  return <p className="product-section__missing">Este producto no tiene {props.what}.</p>;
}

/** The six sections of §2 in their order. */
export function ProductSections(props: { product: Product; skuId: string }) {
  const { product } = props;
  const sku = product.items.find((item) => item.itemId === props.skuId) ?? product.items[0];
  const main = presentFacts([
    ['Marca', product.brand],
    ['Presentación', sku?.name],
    ['Código de barras', sku?.ean],
    ['Código', sku?.referenceId[0]?.Value],
  ]);
  return (
    <div className="product-sections">
      <Section title="Características principales" open>
        <Facts facts={main} />
        <FoodCertificates certificates={product.certificates} />
      </Section>
      <Section title="Información nutricional">
        {product.nutrition ? (
          <NutritionTable nutrition={product.nutrition} />
        ) : (
          <Missing what="información nutricional" />
        )}
      </Section>
      <Section title="Descripción">
        {product.description ? <p>{product.description}</p> : <Missing what="descripción" />}
      </Section>
      <Section title="Características generales">
        <Facts facts={Object.entries(product['Ficha Técnica'])} />
      </Section>
      <Section title="Ingredientes">
        {product.ingredients ? <p>{product.ingredients}</p> : <Missing what="ingredientes informados" />}
      </Section>
      <Section title="Receta">
        {product.recipe ? (
          <>
            <RecipeText text={product.recipe} />
            {product.recipeItems.length > 0 ? (
              // §2 recipe cart: this product and the recipe's other ingredients, in one go. A document
              // load, as a shared recipe link would be: the cart page starts from the cart it adds to.
              <a
                className="button button--secondary product-section__recipe-cart"
                href={`/carrito-receta?skus=${[props.skuId, ...product.recipeItems].join(',')}`}
              >
                Agregar los {product.recipeItems.length + 1} ingredientes al carro
              </a>
            ) : null}
          </>
        ) : (
          <Missing what="receta" />
        )}
      </Section>
    </div>
  );
}

/** Recipes come as plain text with line breaks; each line becomes a paragraph. */
function RecipeText(props: { text: string }) {
  return (
    <>
      {props.text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, position) => (
          <p key={position}>{line}</p>
        ))}
    </>
  );
}
