/** The platform layer's texts and keys, apart from its components so journeys can import them. */
export const OFFLINE_NOTICE =
  'Sin conexión: estás viendo la última copia guardada y los precios pueden haber cambiado. Los cambios a tu carro se enviarán al volver la conexión.';
export const UPDATE_AVAILABLE = 'Nueva versión disponible';
export const PUSH_INVITATION = '¿Te avisamos cuando tu pedido esté confirmado o vaya en camino?';
/** Set once the shopper answered the push invitation ('Ahora no' or 'Activar avisos'). */
export const PUSH_INVITATION_KEY = 'despensa:push-invitation';
