import { Form } from 'react-router';
import type { AdminStore } from '@despensa/contracts';

/** ISO weekdays, as the store's opening hours number them. */
export const WEEKDAYS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** A store's services, Click al Auto bays and hours (an empty day is closed). */
export function StoreDetailsForm({ store, busy }: { store: AdminStore; busy: boolean }) {
  const hoursOf = (day: number) => store.openingHours.find((entry) => entry.day === day);
  return (
    <Form
      method="post"
      className="console-card admin-form"
      aria-labelledby="store-details"
      key={JSON.stringify(store)}
    >
      <h2 id="store-details">Datos de la tienda</h2>
      <p>
        {store.address}, {store.comuna}
      </p>
      <input type="hidden" name="intent" value="store" />
      <fieldset>
        <legend>Servicios</legend>
        <label>
          <input type="checkbox" name="pickup" defaultChecked={store.pickup} />
          Retiro en tienda
        </label>
        <label>
          <input type="checkbox" name="car" defaultChecked={store.car} />
          Click al Auto
        </label>
        <label>
          <input type="checkbox" name="express" defaultChecked={store.express} />
          Despacho express
        </label>
      </fieldset>
      <label>
        Estacionamientos de Click al Auto
        <input type="number" name="carBays" min={0} max={50} required defaultValue={store.carBays} />
      </label>
      <fieldset>
        <legend>Horario de atención (vacío: cerrado)</legend>
        {WEEKDAYS.map((dayName, index) => {
          const hours = hoursOf(index + 1);
          return (
            <div key={dayName} className="admin-inline">
              <label>
                Abre el {dayName.toLowerCase()}
                <input type="time" name={`opens-${index + 1}`} defaultValue={hours?.opens ?? ''} />
              </label>
              <label>
                Cierra el {dayName.toLowerCase()}
                <input type="time" name={`closes-${index + 1}`} defaultValue={hours?.closes ?? ''} />
              </label>
            </div>
          );
        })}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy}>
        Guardar datos
      </button>
    </Form>
  );
}

/** The store change a details form sent (the server validates it again). */
export function storeChangeOf(form: FormData) {
  const openingHours = WEEKDAYS.flatMap((_, index) => {
    const opens = String(form.get(`opens-${index + 1}`) ?? '');
    const closes = String(form.get(`closes-${index + 1}`) ?? '');
    return opens && closes ? [{ day: index + 1, opens, closes }] : [];
  });
  return {
    pickup: form.get('pickup') === 'on',
    car: form.get('car') === 'on',
    express: form.get('express') === 'on',
    carBays: Number(form.get('carBays')),
    openingHours,
  };
}
