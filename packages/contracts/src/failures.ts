import { SERVICE_UNAVAILABLE_MESSAGE } from './service-unavailable';
/**
 * Typed failures (§8). A service throws a `Failure` with one of these codes; the server maps a code to an
 * HTTP status in one place (apps/server/src/http/failure-status.ts) and the web tells the shopper the
 * Spanish text below, also in one place. Nobody reads an HTTP status to decide what to say.
 *
 * This file imports only domain texts (no zod) so that browser code can use it.
 */
import {
  DELIVERY_MODAL_MESSAGES,
  GIFT_CARD_ERRORS,
  type GiftCardErrorCode,
  EMAIL_INVALID_MESSAGE,
  PASSWORD_INVALID_MESSAGE,
  PHONE_INVALID_MESSAGE,
  RUT_INVALID_MESSAGE,
  WALLET_CARD_IN_USE_MESSAGE,
} from '@despensa/domain';

export const failureMessages = {
  // Generic ones, for input checked at the edge and for things that are not there.
  invalidInput: 'Los datos enviados no son válidos.',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido',
  invalidText: 'El texto contiene caracteres no válidos',
  inputTooDeep: 'La solicitud tiene demasiados niveles anidados',
  payloadTooLarge: 'El cuerpo de la solicitud es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  methodNotAllowed: 'Método no permitido',
  notFound: 'No encontrado',
  conflict: 'Otro cambio se cruzó con este. Reintenta.',
  idempotencyKeyReused: 'Esa clave de idempotencia ya se usó con otros datos.',
  internal: 'Error interno; reintenta más tarde',
  /** The database stalled or is out of reach (§8's 503 screen): nothing was done, the shopper retries. */
  serviceUnavailable: SERVICE_UNAVAILABLE_MESSAGE,
  tooManyItemsInQuery: 'Demasiados productos en una consulta',
  // Access.
  missingApiKey: 'Falta la cabecera x-api-key',
  missingConsumer: 'Falta la cabecera x-consumer',
  invalidApiKey: 'La clave de API no es válida para este consumidor',
  missingAccount: 'Falta la cabecera x-account',
  notLoggedIn: 'Debes iniciar sesión',
  tooManyReports: 'Demasiados informes de error desde este equipo. Espera un momento.',
  deviceNotYours: 'Este dispositivo está registrado a otra cuenta.',
  invalidOutboxKey: 'La clave del buzón de correo de prueba falta o no es válida',
  forbiddenOrigin: 'Origen no permitido',
  notOwner: 'Solo el titular de este carro puede cambiar sus datos.',
  staffOnly: 'Solo el personal de la tienda puede ver esto o hacer este cambio.',
  tooManyRequests: 'Demasiados intentos. Espera un momento e inténtalo de nuevo.',
  /** Every password worker busy and a long line waiting: the login is refused now rather than late. */
  loginsBusy: 'Estamos recibiendo muchos ingresos a la vez. Inténtalo de nuevo en unos segundos.',
  authenticationTokenExpired: 'El authenticationToken venció; vuelve a iniciar el proceso',
  // Accounts.
  wrongCredentials: 'Correo o contraseña incorrectos',
  wrongAccessKey: 'El código no es válido o ya expiró',
  /** Neutral on purpose: it must not say which of e-mail or RUT has an account. */
  emailTaken: 'No pudimos crear la cuenta con esos datos. Si ya tienes una, inicia sesión.',
  accountNotFound: 'No existe la cuenta',
  invalidEmail: EMAIL_INVALID_MESSAGE,
  invalidRut: RUT_INVALID_MESSAGE,
  invalidPhone: PHONE_INVALID_MESSAGE,
  invalidPassword: PASSWORD_INVALID_MESSAGE,
  addressIdTaken: 'Ya tienes una dirección con ese id',
  regionNotFound: 'No existe la región',
  comunaNotFound: 'No existe la comuna',
  // Catalogue and content.
  productNotFound: 'Producto no encontrado',
  categoryNotFound: 'Categoría no encontrada',
  brandNotFound: 'No existe esa marca',
  collectionNotFound: 'Colección no encontrada',
  contentNotFound: 'Contenido no encontrado',
  imageNotFound: 'Imagen no encontrada',
  // Cart.
  cartNotFound: 'No encontramos tu carro',
  couponInvalid: 'El cupón no es válido',
  // Delivery.
  windowFull: 'Ese horario se llenó. Elige otro horario de entrega.',
  windowStarted: 'Ese horario ya comenzó. Elige otro horario de entrega.',
  windowNotOffered: 'Ese horario no está disponible. Elige otro horario de entrega.',
  windowExpired: 'Tu horario de entrega expiró. Elige nuevamente un horario de entrega.',
  invalidWindow: 'El horario elegido no es válido.',
  expressHasNoWindows: 'Despacho Express no tiene horarios: se entrega en cuanto esté listo.',
  noDeliveryMethod: 'Elige tu modo de entrega antes de elegir un horario.',
  windowRequired: 'Elige un horario de entrega para confirmar.',
  outOfCoverage: DELIVERY_MODAL_MESSAGES.outOfCoverage,
  storeNotFound: 'No encontramos esa tienda',
  addressNotFound: 'No existe la dirección',
  // The delivery selector's own checks (web).
  deliveryNeedsLogin: 'Ingresa a tu cuenta para elegir una dirección de despacho.',
  addressNotInBook: 'Elige una de tus direcciones.',
  addressNotLocated: 'No pudimos ubicar esta dirección. Revisa sus datos.',
  storeNotOffered: 'Elige una de las tiendas de la lista.',
  // Wallet and saved cards.
  walletCardNotFound: 'No encontramos esa tarjeta',
  walletCardInUse: WALLET_CARD_IN_USE_MESSAGE,
  walletTransactionNotFound: 'No encontramos esa transacción',
  walletChargeNotFound: 'No encontramos ese pago',
  walletCallbackInvalid: 'La dirección de regreso debe ser de esta tienda',
  // Checkout and orders.
  cartIncomplete: 'Falta completar datos de tu compra.',
  orderValueMismatch: 'El total de tu compra cambió. Revisa tu carro antes de pagar.',
  outOfStock: 'Algunos productos ya no tienen stock suficiente.',
  paymentSystemUnavailable: 'Ese medio de pago no está disponible. Elige otro.',
  paymentSystemOff: 'Ese medio de pago no está disponible por ahora. Elige otro.',
  orderNotFound: 'No encontramos ese pedido',
  paymentNotFound: 'No encontramos ese pago',
  // After the purchase.
  orderNotCancellable: 'Este pedido ya no se puede anular: comenzó su preparación o ya fue facturado.',
  orderNotReschedulable: 'Este pedido ya no se puede reagendar: comenzó su preparación.',
  orderNotEditable: 'Este pedido ya no se puede modificar: pasó la hora límite antes de su preparación.',
  orderSameWindow: 'Tu pedido ya está agendado en ese horario.',
  orderEditRaisesTotal:
    'Tu pedido se pagó con Webpay y no podemos cobrar una diferencia sin ti: agrega esos productos en un nuevo pedido.',
  orderEditTotalFixed:
    'Tu pedido se pagó con tu billetera o una gift card, que no cobran diferencias ni devuelven en parte: cambia productos sin cambiar el total, o anúlalo.',
  orderEmpty: 'Tu pedido no puede quedar vacío: si ya no lo quieres, anúlalo.',
  productNotSold: 'Ese producto no se vende en la tienda de tu pedido.',
  refundFailed: 'No pudimos devolver el pago en este momento. Reintenta más tarde.',
  // Store operations (the staff console) and after the purchase.
  notStaff: 'Debes iniciar sesión como operador de la tienda',
  staffWrongCredentials: 'Usuario o contraseña incorrectos',
  staffRoleForbidden: 'Tu rol en la tienda no da acceso a esta sección.',
  orderWrongStatus: 'El pedido no está en un estado que permita esta acción.',
  lineNotFound: 'No encontramos ese producto en el pedido',
  lineNotWeighed: 'Ese producto no se vende a granel',
  substitutionNotAllowed: 'El cliente pidió no sustituir este producto.',
  replacementNotFound: 'No hay un reemplazo propuesto para ese producto',
  replacementAnswered: 'Ese reemplazo ya fue respondido.',
  pickingUnfinished: 'Quedan productos sin preparar.',
  chatMessageEmpty: 'Escribe un mensaje',
  paymentCombinationInvalid:
    'Puedes pagar con un medio de pago, o con una gift card y una tarjeta por el resto.',
  savedCardRequired: 'Elige una de tus tarjetas guardadas para pagar.',
  giftCardRequired: 'Ingresa el número y la clave de tu gift card.',
  addressBlocked: 'Para despachar a esta dirección, ingresa el código que enviamos a tu correo.',
  // The acquirer said no: the shopper may pay again, with this or another method.
  paymentRejected: 'Tu banco rechazó el pago. Inténtalo nuevamente o elige otro medio de pago.',
  /** The acquirer's answer contradicts the prices of the chosen way of paying (debit, the group card): refunded. */
  paymentCardMismatch:
    'La tarjeta con que pagaste no es la del medio de pago que elegiste, así que anulamos el cargo y tu compra no se realizó. Vuelve a pagar eligiendo el medio de pago de tu tarjeta.',
  oneclickNotEnrolled:
    'Tu tarjeta guardada ya no está inscrita. Inscríbela de nuevo o elige otro medio de pago.',
  oneclickDailyAmountExceeded:
    'Superaste el monto diario de pagos con esta tarjeta. Elige otro medio de pago.',
  oneclickAmountExceeded: 'El monto supera el máximo por pago de esta tarjeta. Elige otro medio de pago.',
  oneclickDailyCountExceeded:
    'Superaste la cantidad diaria de pagos con esta tarjeta. Elige otro medio de pago.',
  // §8 gift card codes, each with its own text.
  giftCardNoBalance: GIFT_CARD_ERRORS.E001,
  giftCardAmountExceeded: GIFT_CARD_ERRORS.E002,
  giftCardAgreementLocked: GIFT_CARD_ERRORS.E003,
  giftCardDisabled: GIFT_CARD_ERRORS.E005,
  giftCardDeleted: GIFT_CARD_ERRORS.E006,
  giftCardWrongCode: GIFT_CARD_ERRORS.E011,
  giftCardLocked: GIFT_CARD_ERRORS.E012,
  giftCardExpired: GIFT_CARD_ERRORS.E013,
  giftCardWrongPassword: GIFT_CARD_ERRORS.E014,
  giftCardEmpty: GIFT_CARD_ERRORS.E015,
  giftCardStoreNotEnabled: GIFT_CARD_ERRORS.E016,
  giftCardIdNotAllowed: GIFT_CARD_ERRORS.E027,
  giftCardExceedsParameter: GIFT_CARD_ERRORS.E030,
  giftCardUnusable: GIFT_CARD_ERRORS.E075,
  // Integration APIs (app keys of an ERP) and the back office.
  appKeyMissing: 'Faltan las cabeceras X-VTEX-API-AppKey y X-VTEX-API-AppToken',
  appKeyInvalid: 'La clave o el token de la aplicación no son válidos',
  appKeyScopeForbidden: 'Esta clave de aplicación no tiene permiso para este cambio.',
  appKeyRateLimited: 'Demasiadas solicitudes con esta clave de aplicación. Espera un momento.',
  appKeyNotFound: 'No existe esa clave de aplicación',
  skuNotFound: 'No existe el SKU',
  priceNotFound: 'El SKU no tiene un precio registrado',
  priceBelowCost: 'El precio no puede ser menor que el costo del producto.',
  warehouseNotFound: 'No existe esa bodega (tienda)',
  stockBelowCommitted:
    'El stock no puede ser menor que lo que ya tomaron los pedidos abiertos y las reservas.',
  promotionNotFound: 'No existe esa promoción',
  promotionNotPriceable: 'El motor de precios no puede aplicar esta promoción.',
  couponNotFound: 'No existe ese cupón',
  catalogIdTaken: 'Ese identificador o esa dirección ya existe en el catálogo.',
  categoryTooDeep: 'El menú tiene tres niveles: una categoría de la última no puede tener otra debajo.',
  categoryHoldsProducts:
    'Esa categoría ya tiene productos: los productos van en la última categoría de su rama.',
  categoryMoveUnsupported:
    'Una categoría no cambia de lugar en el menú: crea la nueva donde va y lleva allí sus productos.',
  nutritionIncomplete:
    'La tabla nutricional va completa: base, porción, energía, proteínas, grasas totales y saturadas, hidratos de carbono, azúcares, fibra y sodio.',
  specificationValueInvalid:
    'Ese valor no corresponde a la especificación: los sellos y certificaciones van por su clave (por ejemplo, alto-en-sodio o sin-gluten), los nutrientes son números y la base nutricional es 100 g o 100 ml.',
  couponCodeTaken: 'Ese código es de los cupones de puntos de los clientes: elige otro.',
  // The back office's support desk and its offer feeds.
  refundAboveCharged: 'La devolución supera lo que queda pagado en este pedido.',
  refundWholeOnly:
    'Este pedido se pagó con billetera o gift card, que solo devuelven el pago completo: devuelve el total o anula el pedido.',
  lineAlreadyRefunded: 'Ese producto ya fue devuelto.',
  feedInvalid: 'El archivo no es una carga de ofertas válida.',
  feedTooManyRows: 'El archivo tiene más de 100.000 filas: divídelo en archivos más pequeños.',
  feedJobNotFound: 'No encontramos esa carga de ofertas.',
  // The back office's stores, windows, zones and staff.
  staffStoreForbidden: 'Solo puedes administrar tu propia tienda.',
  staffNotFound: 'No existe esa persona del personal',
  staffEmailTaken: 'Ya hay una persona del personal con ese correo.',
  windowNotFound: 'No existe ese horario de entrega',
  windowCapacityBelowHeld: 'La capacidad no puede ser menor que los cupos ya reservados o tomados.',
  zoneNotFound: 'No existe esa zona',
  zoneMalformed:
    'La zona debe ser un polígono de al menos 3 vértices distintos, con coordenadas válidas y sin bordes que se crucen.',
  contentInvalid: 'El documento no tiene la forma que la tienda espera para ese contenido.',
  contentDraftMissing: 'Este contenido no tiene un borrador que publicar.',
  contentScheduleInPast: 'La fecha de publicación debe ser futura.',
  contentScheduleNotFound: 'Este contenido no tiene una publicación programada.',
  // Account features.
  featureDisabled: 'Esta sección no está disponible por ahora.',
  featureFlagNotFound: 'No existe esa opción',
  shoppingListNotFound: 'No encontramos esa lista',
  invalidListSkus: 'Los productos de la lista no son válidos.',
  listNotScheduled: 'Esta lista no tiene una compra programada.',
  listNoUsualDelivery:
    'No sabemos cómo entregarte tu compra programada: elige en el carro cómo quieres recibir tus compras.',
  listNoWindowWithRoom: 'No quedan horarios de entrega con cupo para tu compra programada.',
  listRunNotFound: 'No encontramos esa entrega de tu lista.',
  listRunClosed:
    'Ya pasó la hora límite de esta entrega (el día anterior a las 09:59): ya no puedes cambiarla ni saltarla.',
  listBasketNotBuilt:
    'Aún no armamos esta compra: la armamos dos días antes de la entrega y te avisamos por correo.',
  listRunSkipped: 'Saltaste esta entrega: no la pediremos, así que ya no puedes cambiarla.',
  listRunFailed: 'No pudimos armar esta compra y no la pediremos, así que no puedes cambiarla.',
  listPaused: 'Tu compra programada está pausada: reanúdala para cambiar esta entrega.',
  listBasketOutOfStock: 'Ese producto no tiene stock en la tienda de tu entrega.',
  bankAccountNotFound: 'Aún no registras una cuenta bancaria.',
  primeAlreadyMember: 'Ya eres Prime.',
  primeNotMember: 'Aún no eres Prime.',
  primePaymentDeclined: 'No pudimos cobrar tu suscripción Prime en esa tarjeta. Prueba con otra.',
  loyaltyRewardNotFound: 'No encontramos ese cupón.',
  loyaltyPointsShort: 'No tienes puntos suficientes para este cupón.',
} as const;

/** The failure each §8 gift-card code is reported as (its `field` carries the code itself). */
export const GIFT_CARD_FAILURES = {
  E001: 'giftCardNoBalance',
  E002: 'giftCardAmountExceeded',
  E003: 'giftCardAgreementLocked',
  E005: 'giftCardDisabled',
  E006: 'giftCardDeleted',
  E011: 'giftCardWrongCode',
  E012: 'giftCardLocked',
  E013: 'giftCardExpired',
  E014: 'giftCardWrongPassword',
  E015: 'giftCardEmpty',
  E016: 'giftCardStoreNotEnabled',
  E027: 'giftCardIdNotAllowed',
  E030: 'giftCardExceedsParameter',
  E075: 'giftCardUnusable',
} as const satisfies Record<GiftCardErrorCode, keyof typeof failureMessages>;

/** The failure a one-click authorization's response code is reported as (−96…−99, else a rejection). */
export function oneclickFailure(responseCode: number): keyof typeof failureMessages {
  const codes: Record<number, keyof typeof failureMessages> = {
    [-96]: 'oneclickNotEnrolled',
    [-97]: 'oneclickDailyAmountExceeded',
    [-98]: 'oneclickAmountExceeded',
    [-99]: 'oneclickDailyCountExceeded',
  };
  return codes[responseCode] ?? 'paymentRejected';
}

export type FailureCode = keyof typeof failureMessages;

export function isFailureCode(value: unknown): value is FailureCode {
  return typeof value === 'string' && Object.hasOwn(failureMessages, value);
}

/** A failure a service reports on purpose: bad input, a rule that says no, something not there. */
export class Failure extends Error {
  readonly code: FailureCode;
  /** The input field at fault, when one is ('body.email'). */
  readonly field: string | undefined;

  constructor(code: FailureCode, options: { message?: string; field?: string } = {}) {
    super(options.message ?? failureMessages[code]);
    this.name = 'Failure';
    this.code = code;
    this.field = options.field;
  }
}

/**
 * The code of a thrown failure or of an API error body (`{ code }`), else undefined. Works across bundles
 * (the web's copy of this module is not the server's), so it reads the shape, not the class.
 */
export function failureCodeOf(error: unknown): FailureCode | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return isFailureCode(code) ? code : undefined;
}

/** The Spanish text for a failure: its own message when it carries one, else the code's. */
export function failureMessageOf(error: unknown): string {
  const code = failureCodeOf(error);
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message !== '' && code) return message;
  return code ? failureMessages[code] : failureMessages.internal;
}
