import { Form } from 'react-router';
import type { BackOfficeSalesChannel, PromotionPreview } from '@despensa/contracts';
import { formatPrice } from '../../lib/format';
import { Field, SelectField, namedFields } from './form-field';
import type { PromotionFormValues } from './promotion-form-data';
import { ColumnHeads } from '../../ui/column-heads';

/** The form's refusal beside its field (`field`), or for the whole form (null). */
export interface PromotionRefusal {
  error: string;
  field: string | null;
}

const TYPES = [
  ['regular', 'Descuento directo'],
  ['forThePriceOf', 'Lleva X paga Y'],
  ['progressive', 'Descuento progresivo (la enésima unidad)'],
] as const;

interface Props {
  values: PromotionFormValues;
  channels: BackOfficeSalesChannel[];
  refusal: PromotionRefusal | null;
  preview: { items: string; salesChannel: string };
  busy: boolean;
  /** A coupon's form: its code first, and the promotion the code unlocks. */
  coupon?: { kept: boolean };
}

/**
 * A promotion's form: what it takes off, on what, where and when; with a preview of a sample cart priced
 * by the engine before it is saved. Each refusal shows beside its field.
 */
export function PromotionForm({ values, channels, refusal, preview, busy, coupon }: Props) {
  const error = (field: string) => (refusal?.field === field ? refusal.error : undefined);
  const heading = coupon
    ? coupon.kept
      ? 'Editar cupón'
      : 'Nuevo cupón'
    : values.idCalculatorConfiguration
      ? 'Editar promoción'
      : 'Nueva promoción';
  return (
    <Form method="post" className="console-card admin-form" aria-labelledby="promotion-form">
      <h2 id="promotion-form">{heading}</h2>
      <input type="hidden" name="idCalculatorConfiguration" value={values.idCalculatorConfiguration} />
      {coupon ? (
        <Field
          id="coupon-code"
          label="Código del cupón"
          name="couponCode"
          defaultValue={values.couponCode}
          required
          readOnly={coupon.kept}
          maxLength={30}
          autoCapitalize="characters"
          hint="De 3 a 30 letras, números o guiones; el cliente lo escribe en su carro."
          error={error('couponCode')}
        />
      ) : null}
      <WhatFields values={values} error={error} />
      <WhereFields values={values} channels={channels} error={error} />
      <WhenFields values={values} error={error} />
      <PreviewFields channels={channels} preview={preview} error={error('previewItems')} />
      {refusal && refusal.field === null ? (
        <p role="alert" className="console-error">
          {refusal.error}
        </p>
      ) : null}
      <div className="admin-check">
        <button
          type="submit"
          name="intent"
          value="preview"
          className="button button--secondary"
          disabled={busy}
        >
          Ver vista previa
        </button>
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {coupon ? 'Guardar cupón' : 'Guardar promoción'}
        </button>
      </div>
    </Form>
  );
}

/** A count of units a promotion takes. */
const UNITS = { type: 'number', min: 0, max: 1000 } as const;

type SectionProps = { values: PromotionFormValues; error: (field: string) => string | undefined };

type TextName = {
  [K in keyof PromotionFormValues]: PromotionFormValues[K] extends string ? K : never;
}[keyof PromotionFormValues];

/** The form's text fields by name: id, name and refusal (namedFields), and the value the form starts with. */
function textFields({ values, error }: SectionProps) {
  const field = namedFields('promotion', error);
  return (name: TextName) => ({ ...field(name), defaultValue: values[name] });
}

/** What the promotion takes off: its name, type, kind and value of discount and its quantities. */
function WhatFields({ values, error }: SectionProps) {
  const field = textFields({ values, error });
  return (
    <>
      <Field {...field('name')} label="Nombre" required maxLength={200} />
      <Field {...field('description')} label="Descripción" maxLength={2000} />
      <SelectField {...field('type')} label="Tipo" options={TYPES} />
      <DiscountKind kind={values.discountKind} />
      <Field
        {...field('discountValue')}
        label="Descuento"
        inputMode="decimal"
        required
        hint="En lleva X paga Y, 100 deja gratis las unidades que no se pagan."
      />
      <Field
        {...field('minimumQuantityBuyTogether')}
        label="Unidades que se llevan (lleva X paga Y, progresivo)"
        {...UNITS}
      />
      <Field {...field('quantityToAffectBuyTogether')} label="Unidades con descuento" {...UNITS} />
    </>
  );
}

/** The lists of numbers it applies to: [field, label, hint]. */
const ID_LISTS = [
  ['skus', 'SKU', 'Números de SKU separados por comas.'],
  ['categories', 'Categorías', 'Números de categoría separados por comas.'],
  ['brands', 'Marcas', 'Números de marca separados por comas.'],
] as const;

/** What it applies to (SKUs, categories, brands) and in which stores. */
function WhereFields({ values, error, channels }: SectionProps & { channels: BackOfficeSalesChannel[] }) {
  const field = textFields({ values, error });
  return (
    <>
      {ID_LISTS.map(([name, label, hint]) => (
        <Field key={name} {...field(name)} label={label} hint={hint} />
      ))}
      <ChannelBoxes channels={channels} chosen={values.idsSalesChannel} error={error('idsSalesChannel')} />
    </>
  );
}

/** When it applies, whether it adds to others, whether only with the card, and whether it is paused. */
function WhenFields({ values, error }: SectionProps) {
  const field = textFields({ values, error });
  return (
    <>
      <Field {...field('beginDateUtc')} label="Inicio (hora de Chile)" type="datetime-local" required />
      <Field {...field('endDateUtc')} label="Término (hora de Chile)" type="datetime-local" required />
      <label className="admin-check">
        <input type="checkbox" name="cumulative" defaultChecked={values.cumulative} />
        Acumulable con otras promociones
      </label>
      <label className="admin-check">
        <input
          type="checkbox"
          name="cardOnly"
          defaultChecked={values.cardOnly}
          aria-describedby={error('cardOnly') ? 'promotion-cardOnly-error' : undefined}
        />
        Solo con la Tarjeta de la cadena
      </label>
      {error('cardOnly') ? (
        <p id="promotion-cardOnly-error" className="console-error">
          {error('cardOnly')}
        </p>
      ) : null}
      <label className="admin-check">
        <input type="checkbox" name="isActive" defaultChecked={values.isActive} />
        Activa (desmarcada, queda en pausa)
      </label>
    </>
  );
}

/** Whether the value is a percent or pesos off. */
function DiscountKind({ kind }: { kind: PromotionFormValues['discountKind'] }) {
  return (
    <fieldset>
      <legend>Clase de descuento</legend>
      <label>
        <input type="radio" name="discountKind" value="percentual" defaultChecked={kind === 'percentual'} />
        Porcentaje (%)
      </label>
      <label>
        <input type="radio" name="discountKind" value="nominal" defaultChecked={kind === 'nominal'} />
        Monto fijo (pesos)
      </label>
    </fieldset>
  );
}

function ChannelBoxes({
  channels,
  chosen,
  error,
}: {
  channels: BackOfficeSalesChannel[];
  chosen: string[];
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? 'promotion-idsSalesChannel-error' : 'promotion-channels-hint'}>
      <legend>Tiendas (canales de venta)</legend>
      <p id="promotion-channels-hint" className="admin-hint">
        Ninguna marcada: la promoción vale en todas.
      </p>
      {channels.map((channel) => (
        <label key={channel.salesChannel}>
          <input
            type="checkbox"
            name="idsSalesChannel"
            value={channel.salesChannel}
            defaultChecked={chosen.includes(String(channel.salesChannel))}
          />
          {channel.name}
        </label>
      ))}
      {error ? (
        <p id="promotion-idsSalesChannel-error" className="console-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function PreviewFields({
  channels,
  preview,
  error,
}: {
  channels: BackOfficeSalesChannel[];
  preview: Props['preview'];
  error: string | undefined;
}) {
  return (
    <fieldset>
      <legend>Carro de ejemplo para la vista previa</legend>
      <Field
        id="preview-items"
        label="Productos del carro"
        hint="Un SKU por línea con su cantidad: «12345 x 2»."
        error={error}
      >
        <textarea
          id="preview-items"
          name="previewItems"
          rows={3}
          defaultValue={preview.items}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'preview-items-hint preview-items-error' : 'preview-items-hint'}
        />
      </Field>
      <SelectField
        id="preview-channel"
        name="previewChannel"
        label="Tienda del carro"
        defaultValue={preview.salesChannel}
        options={channels.map((channel) => [channel.salesChannel, channel.name])}
        error={undefined}
      />
    </fieldset>
  );
}

/** The engine's preview: each line and the totals without and with the draft (and with the card). */
export function PreviewTable({ preview }: { preview: PromotionPreview }) {
  return (
    <section className="console-card" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Vista previa del carro</h2>
      <table className="console-table">
        <caption className="visually-hidden">Carro de ejemplo sin y con la promoción</caption>
        <ColumnHeads
          columns={['SKU', 'Cantidad', 'Sin la promoción', 'Con la promoción', 'Descuento de la promoción']}
        />
        <tbody>
          {preview.lines.map((line) => (
            <tr key={line.skuId}>
              <th scope="row">{line.skuId}</th>
              <td>{line.quantity}</td>
              <td>{formatPrice(line.without)}</td>
              <td>{formatPrice(line.with)}</td>
              <td>{formatPrice(line.promotionDiscount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Total sin la promoción: {formatPrice(preview.without.value)}. Total con la promoción:{' '}
        {formatPrice(preview.with.value)} (con la Tarjeta: {formatPrice(preview.with.valueWithCard)}).
      </p>
    </section>
  );
}
