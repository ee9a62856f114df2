import { SANDBOX_CARDS } from './cards';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The sandbox's own pages: plain accessible HTML, no script needed beyond the auto-submit of a return. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-CL"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} · Webpay (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.75rem 0 .25rem}input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.6rem 1rem;margin:1rem .5rem 0 0}[role=alert]{color:#a00}</style></head>
<body><main><h1>${escape(title)}</h1>
<p>Entorno de pruebas: ningún cargo es real.</p>${body}</main></body></html>`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
}

const abortForm = (base: string, token: string) =>
  `<form method="post" action="${base}/webpayserver/abort">${hidden({ token })}<button type="submit">Anular compra</button></form>`;

/** The card step; `amount` is absent when enrolling a card (Oneclick). */
export function cardPage(base: string, token: string, amount: number | null, error?: string): string {
  const cards = SANDBOX_CARDS.map(
    (c) =>
      `<li>${escape(c.label)}: ${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')} (${c.approved ? 'aprobada' : 'rechazada'})</li>`,
  ).join('');
  return page(
    amount === null ? 'Inscripción de tarjeta' : 'Pago con tarjeta',
    `<p>${amount === null ? 'Inscribe una tarjeta para pagar con un clic.' : `Monto a pagar: $${amount.toLocaleString('es-CL')}`}</p>
${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${base}/webpayserver/card">${hidden({ token })}
<label for="card">Número de tarjeta</label><input id="card" name="card" inputmode="numeric" autocomplete="off" required>
<button type="submit">Continuar</button></form>
${abortForm(base, token)}
<form method="post" action="${base}/webpayserver/fail">${hidden({ token })}<button type="submit">Simular un error</button></form>
<h2>Tarjetas de prueba</h2><ul>${cards}</ul>`,
  );
}

export function bankPage(base: string, token: string, card: string, error?: string): string {
  return page(
    'Autenticación del banco',
    `${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${base}/webpayserver/bank">${hidden({ token, card })}
<label for="rut">RUT</label><input id="rut" name="rut" autocomplete="off" required>
<label for="password">Clave</label><input id="password" name="password" type="password" required>
<button type="submit">Aceptar</button></form>
${abortForm(base, token)}
<p>Prueba con RUT 11.111.111-1 y clave 123.</p>`,
  );
}

/** Back to the shop: a form that posts the return fields to its return_url. */
export function returnPage(returnUrl: string, fields: Record<string, string>): string {
  return page(
    'Volviendo al comercio',
    `<form id="volver" method="post" action="${escape(returnUrl)}">${hidden(fields)}<button type="submit">Volver al comercio</button></form>
<script>document.getElementById('volver').submit()</script>`,
  );
}

export function errorPage(returnUrl: string, fields: Record<string, string>): string {
  return page(
    'Ocurrió un error',
    `<p role="alert">No pudimos procesar tu pago. No se realizó ningún cargo.</p>
<form method="post" action="${escape(returnUrl)}">${hidden(fields)}<button type="submit">Volver al sitio</button></form>`,
  );
}

export function unknownPage(): string {
  return page('Transacción no encontrada', '<p role="alert">El enlace de pago no es válido.</p>');
}
