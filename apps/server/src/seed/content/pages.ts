import { a, p, qa, strong, ul } from './context';
import type { ContentContext } from './context';
import type { ContentPage, ContentSection, InfoPageList, LegalAgreements, LegalPage } from './types';

/** '2025-06-05T…' → '05-06-2025'. */
const chileanDate = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('-');

const section = (anchor: string, title: string, html: string): ContentSection => ({ anchor, title, html });

// ---------------------------------------------------------------------------------------------------------------
// Legal (/informaciones-legales/:slug)

export function legalPages(ctx: ContentContext): [string, LegalPage][] {
  const b = ctx.brand;
  const phone = a(ctx.helpPhoneHref, ctx.helpPhone);
  const updatedAt = ctx.day(-45);
  const terms: LegalPage = {
    title: 'Términos y condiciones',
    updatedAt,
    sections: [
      section(
        '1',
        'Generalidades',
        p(
          `Estos términos regulan el uso del sitio de ${b} y las compras que realices en él. Al comprar aceptas estas condiciones y las políticas que se mencionan aquí.`,
          'Se aplica la Ley N° 19.496 sobre Protección de los Derechos de los Consumidores y la normativa chilena vigente.',
        ),
      ),
      section(
        '2',
        'Registro y cuenta',
        p(
          'Para comprar necesitas una cuenta con tu correo electrónico, tu RUT y un teléfono de contacto. Eres responsable de mantener tu clave en reserva.',
        ) +
          ul(
            'Los datos que ingreses deben ser verdaderos y estar actualizados.',
            'Puedes modificar tus datos en cualquier momento desde Mis datos.',
            'Podemos suspender cuentas usadas de forma fraudulenta.',
          ),
      ),
      section(
        '3',
        'Precios, ofertas y stock',
        p(
          'Los precios se expresan en pesos chilenos e incluyen IVA. Las ofertas rigen en las fechas indicadas o hasta agotar stock, y pueden variar según el local o la modalidad de entrega elegida.',
          'Los productos a granel (por kilo) se cobran según el peso real despachado. Si el peso difiere, te llamaremos para ajustarlo.',
        ),
      ),
      section(
        '4',
        'Medios de pago',
        p(
          `Aceptamos la Tarjeta ${b}, tarjetas de crédito y débito, Redcompra, tarjetas de regalo y la billetera digital del grupo. El cargo se realiza al confirmar la compra y puede ajustarse por productos sin stock o pesables.`,
        ),
      ),
      section(
        '5',
        'Despacho y retiro',
        p(
          `Puedes recibir tu compra con Despacho a domicilio, Despacho Express, Retiro en tienda o Click al Auto. Las condiciones de cada modalidad se detallan en ${a('/informaciones/despacho', 'Políticas de despacho')}.`,
        ),
      ),
      section(
        '6',
        'Sustitución de productos',
        p(
          'Si un producto no está disponible, podemos reemplazarlo por uno similar de igual o mayor calidad, según la preferencia que indiques para cada producto. Nunca cobraremos más que el producto original.',
        ),
      ),
      section(
        '7',
        'Cambios, devoluciones y garantía legal',
        p(
          'Tienes derecho a la garantía legal de seis meses para productos defectuosos. Los productos perecibles deben informarse dentro de las 48 horas siguientes a la entrega.',
          `Para solicitar un cambio o devolución visita ${a('/informaciones/problemas-con-mi-pedido', 'Problemas con mi pedido')}.`,
        ),
      ),
      section(
        '8',
        'Contacto',
        p(
          `Para cualquier consulta sobre estos términos llama al ${phone} o escríbenos desde el Centro de ayuda.`,
        ),
      ),
    ],
  };

  const privacy: LegalPage = {
    title: 'Política de privacidad',
    updatedAt,
    sections: [
      section(
        'topic-1',
        'Responsable de los datos',
        p(
          `${b} es responsable del tratamiento de los datos personales que entregas al usar el sitio, conforme a la legislación chilena sobre protección de la vida privada.`,
        ),
      ),
      section(
        'topic-2',
        'Datos que recopilamos',
        ul(
          'Datos de identificación y contacto: nombre, RUT, correo electrónico y teléfono.',
          'Direcciones de despacho y preferencias de entrega.',
          'Historial de compras, listas y productos favoritos.',
          'Datos técnicos de navegación, como el tipo de dispositivo y las cookies.',
        ),
      ),
      section(
        'topic-3',
        'Para qué los usamos',
        ul(
          'Procesar, despachar y hacer seguimiento de tus pedidos.',
          'Mostrarte ofertas y recomendaciones pertinentes, si lo aceptas.',
          'Prevenir fraudes y mejorar nuestros servicios.',
        ),
      ),
      section(
        'topic-4',
        'Cookies',
        p(
          'Usamos cookies para mantener tu sesión, recordar tu carro, tu local y tu modalidad de entrega, y medir el uso del sitio. Puedes desactivarlas en tu navegador, aunque algunas funciones podrían dejar de operar.',
        ),
      ),
      section(
        'topic-5',
        'Tus derechos',
        p(
          'Puedes solicitar el acceso, la rectificación, la cancelación o la oposición al tratamiento de tus datos, y darte de baja de nuestras comunicaciones en cualquier momento.',
        ),
      ),
      section(
        'topic-6',
        'Contacto',
        p(`Para ejercer tus derechos o resolver dudas sobre esta política llama al ${phone}.`),
      ),
    ],
  };

  const security: LegalPage = {
    title: 'Seguridad y privacidad',
    updatedAt,
    sections: [
      section(
        'compra-segura',
        'Compra segura',
        p(
          'Todas las páginas del sitio usan conexiones cifradas. Los pagos se procesan en plataformas certificadas y no almacenamos los datos completos de tus tarjetas.',
        ),
      ),
      section(
        'tarjetas-guardadas',
        'Tarjetas guardadas',
        p(
          'Cuando guardas una tarjeta para pagar en un clic, solo conservamos un identificador seguro entregado por el procesador de pagos. Puedes eliminarla desde Mis tarjetas.',
        ),
      ),
      section(
        'fraude',
        'Prevención de fraudes',
        p(
          `${b} nunca te pedirá tu clave, códigos de verificación ni datos de tarjeta por teléfono, correo o redes sociales.`,
        ) +
          ul(
            'Revisa que la dirección del sitio sea la correcta antes de ingresar tus datos.',
            'No compartas los códigos que recibes por SMS o correo.',
            `Si recibes un mensaje sospechoso, infórmalo al ${phone}.`,
          ),
      ),
      section(
        'privacidad',
        'Tu privacidad',
        p(
          `Conoce cómo tratamos tus datos en la ${a('/informaciones-legales/politica-de-privacidad#topic-1', 'Política de privacidad')}.`,
        ),
      ),
    ],
  };

  return [
    ['legal-terminos-y-condiciones', terms],
    ['legal-politica-de-privacidad', privacy],
    ['legal-seguridad-y-privacidad', security],
  ];
}

export function legalAgreements(ctx: ContentContext): LegalAgreements {
  return {
    document: '/media/legal/terminos-y-condiciones.pdf',
    version: `${ctx.year}.1`,
    updatedAt: ctx.day(-45),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Information pages (/informaciones/:slug)

export function infoPages(ctx: ContentContext): [string, ContentPage][] {
  const b = ctx.brand;
  const phone = a(ctx.helpPhoneHref, strong(ctx.helpPhone));
  const pages: [string, ContentPage][] = [
    [
      'evita-la-fila',
      {
        title: 'Evita la fila',
        description: 'Reserva un horario de retiro y recoge tu compra sin hacer fila.',
        sections: [
          section(
            'como-funciona',
            'Cómo funciona',
            p(
              'Haz tu compra en línea, elige Retiro en tienda o Click al Auto y reserva el bloque horario que más te acomode. Preparamos tu pedido para que solo llegues a retirarlo.',
            ),
          ),
          section(
            'reserva-tu-horario',
            'Reserva tu horario',
            ul(
              'Los bloques de retiro duran una hora y se pueden reservar con hasta siete días de anticipación.',
              'La disponibilidad de cada horario puede cambiar según la demanda.',
              'Puedes reagendar tu retiro desde Mis compras mientras el pedido no esté listo.',
            ),
          ),
          section(
            'al-llegar',
            'Al llegar al local',
            p(
              'Dirígete al mesón de retiro o al estacionamiento de Click al Auto con tu RUT y el número de pedido. Si lo retira otra persona, indícalo al comprar.',
              `Revisa los horarios de cada local en ${a('/locales', 'Locales')}.`,
            ),
          ),
        ],
      },
    ],
    [
      'despacho',
      {
        title: 'Políticas de despacho',
        description: 'Cobertura, horarios y costos del despacho a domicilio.',
        sections: [
          section(
            'cobertura',
            'Cobertura',
            p(
              'Despachamos en las comunas atendidas por nuestros locales. Al ingresar tu dirección te mostramos si tiene cobertura y qué modalidades están disponibles.',
            ),
          ),
          section(
            'horarios',
            'Días y horarios',
            p(
              'Elige el día y el rango horario de entrega al finalizar tu compra. Los horarios disponibles dependen de tu dirección y de la demanda.',
            ),
          ),
          section(
            'costos',
            'Costo de despacho',
            p(
              'El costo depende de la comuna, el horario y el monto de la compra, y se muestra antes de pagar. Algunas campañas incluyen despacho gratis sobre cierto monto.',
            ),
          ),
          section(
            'recepcion',
            'Recepción del pedido',
            ul(
              'Una persona mayor de edad debe recibir el pedido y revisar los productos.',
              'Si no hay nadie en la dirección, te llamaremos para reprogramar la entrega.',
              'Las compras tienen un máximo de 300 productos por pedido.',
            ),
          ),
        ],
      },
    ],
    [
      'despacho-express',
      {
        title: 'Despacho Express',
        description: 'Recibe tu compra en pocas horas en comunas seleccionadas.',
        sections: [
          section(
            'como-funciona',
            'Cómo funciona',
            p(
              'Elige Despacho Express al comprar y te mostraremos el tiempo estimado de entrega y su costo. El tiempo depende del local y de la cantidad de productos.',
            ),
          ),
          section(
            'condiciones',
            'Condiciones',
            ul(
              'Disponible en comunas y horarios seleccionados.',
              'Hasta 180 productos por pedido.',
              'Los pedidos más grandes pueden tardar un poco más.',
            ),
          ),
        ],
      },
    ],
    [
      'retiro-en-tienda',
      {
        title: 'Retiro en tienda',
        description: 'Compra en línea y retira en tu local favorito.',
        sections: [
          section(
            'como-retirar',
            'Cómo retirar',
            p(
              'Elige Retiro en tienda, selecciona el local y el horario, y paga en línea. Te avisaremos por correo cuando tu pedido esté listo.',
            ),
          ),
          section(
            'que-llevar',
            'Qué necesitas',
            ul('Tu cédula de identidad o la de la persona autorizada.', 'El número de tu pedido.'),
          ),
          section(
            'plazo',
            'Plazo de retiro',
            p(
              'Guardamos tu pedido hasta el cierre del día de retiro. Los productos refrigerados y congelados se mantienen en frío hasta la entrega.',
            ),
          ),
        ],
      },
    ],
    [
      'click-al-auto',
      {
        title: 'Click al Auto',
        description: 'Retira tu compra sin bajarte del auto.',
        sections: [
          section(
            'como-funciona',
            'Cómo funciona',
            p(
              'Elige Click al Auto al comprar, selecciona el local y el horario. Al llegar, estaciónate en los estacionamientos señalizados y avísanos: te llevamos la compra al auto.',
            ),
          ),
          section(
            'locales',
            'Locales con Click al Auto',
            p(`Revisa qué locales ofrecen este servicio en ${a('/locales', 'Locales')}.`),
          ),
        ],
      },
    ],
    [
      'preguntas-frecuentes',
      {
        title: 'Preguntas frecuentes',
        description: 'Respuestas rápidas a las dudas más comunes.',
        sections: [
          section(
            'compras',
            'Compras',
            qa(
              [
                '¿Hay un monto mínimo de compra?',
                'No, aunque el costo de despacho puede variar según el monto de tu compra.',
              ],
              [
                '¿Cuántos productos puedo comprar?',
                'Hasta 300 productos por pedido, y hasta 35 unidades de un mismo producto.',
              ],
              [
                '¿Puedo modificar mi pedido?',
                'Puedes reagendar o anular tu pedido desde Mis compras mientras no haya sido preparado.',
              ],
            ),
          ),
          section(
            'pagos',
            'Pagos',
            qa(
              [
                '¿Qué medios de pago aceptan?',
                `Tarjeta ${b}, tarjetas de crédito y débito, Redcompra, tarjetas de regalo y la billetera digital del grupo.`,
              ],
              [
                '¿Por qué cambió el monto cobrado?',
                'Los productos a granel se cobran por su peso real y los productos sin stock se descuentan del total.',
              ],
            ),
          ),
          section(
            'entregas',
            'Entregas',
            qa(
              [
                '¿Qué modalidades de entrega hay?',
                'Despacho a domicilio, Despacho Express, Retiro en tienda y Click al Auto.',
              ],
              [
                '¿Qué pasa si un producto no está disponible?',
                'Lo reemplazamos según la preferencia que elegiste para ese producto, o lo descontamos de tu compra.',
              ],
            ),
          ),
        ],
      },
    ],
    [
      'centro-de-ayuda',
      {
        title: 'Centro de ayuda',
        description: '¿En qué te podemos ayudar? Encuentra respuestas por tema.',
        sections: [
          section(
            'mi-cuenta',
            'Mi cuenta',
            qa(
              [
                '¿Cómo creo una cuenta?',
                'Presiona Ingresar y luego Crear cuenta. Necesitas tu correo, tu RUT y un teléfono.',
              ],
              [
                'Olvidé mi clave',
                'En Ingresar, elige ¿Olvidaste tu clave? y te enviaremos un código a tu correo para crear una nueva.',
              ],
            ),
          ),
          section(
            'pedidos',
            'Pedidos',
            qa(
              [
                '¿Dónde veo mis compras?',
                `En ${a('/mis-compras', 'Mis compras')} puedes ver el estado, reagendar o anular tus pedidos.`,
              ],
              [
                '¿Cómo hago seguimiento a mi pedido?',
                `Revisa ${a('/informaciones/seguimiento', 'Seguimiento de pedido')}.`,
              ],
            ),
          ),
          section(
            'pagos',
            'Pagos',
            qa(
              [
                '¿Es seguro pagar en el sitio?',
                `Sí. Conoce más en ${a('/informaciones-legales/seguridad-y-privacidad', 'Seguridad y privacidad')}.`,
              ],
              [
                '¿Puedo guardar mi tarjeta?',
                'Sí, desde Mis tarjetas puedes guardar tarjetas para pagar en un clic y eliminarlas cuando quieras.',
              ],
            ),
          ),
          section(
            'despacho-y-retiro',
            'Despacho y retiro',
            qa(
              [
                '¿Llegan a mi comuna?',
                'Ingresa tu dirección al elegir tu modo de entrega y te mostraremos la cobertura.',
              ],
              [
                '¿Cómo evito la fila al retirar?',
                `Reserva tu horario: ${a('/informaciones/evita-la-fila', 'Evita la fila')}.`,
              ],
            ),
          ),
          section(
            'cambios-y-devoluciones',
            'Cambios y devoluciones',
            qa([
              'Un producto llegó en mal estado',
              `Infórmalo dentro de 48 horas en ${a('/informaciones/problemas-con-mi-pedido', 'Problemas con mi pedido')}.`,
            ]),
          ),
          section(
            'contacto',
            'Contacto',
            p(`Llámanos al ${phone}, de lunes a domingo de 8:00 a 22:00 horas.`),
          ),
        ],
      },
    ],
    [
      'seguimiento',
      {
        title: 'Seguimiento de pedido',
        description: 'Revisa en qué etapa está tu compra.',
        sections: [
          section(
            'donde',
            'Dónde ver tu pedido',
            p(
              `Ingresa a ${a('/mis-compras', 'Mis compras')} con tu cuenta. Verás cada pedido con su estado, la fecha de entrega y el detalle de productos.`,
            ),
          ),
          section(
            'estados',
            'Estados del pedido',
            ul(
              `${strong('Recibido')}: confirmamos tu pago.`,
              `${strong('En preparación')}: estamos armando tu pedido.`,
              `${strong('En camino')} o ${strong('Listo para retiro')}: tu compra va hacia ti o te espera en el local.`,
              `${strong('Entregado')}: ¡disfrútalo!`,
            ),
          ),
          section(
            'chat',
            'Chat de tu pedido',
            p('Desde el detalle de tu compra puedes abrir el chat para consultas sobre ese pedido.'),
          ),
        ],
      },
    ],
    [
      'problemas-con-mi-pedido',
      {
        title: 'Problemas con mi pedido',
        description: 'Te ayudamos si algo no salió como esperabas.',
        sections: [
          section(
            'faltantes',
            'Me faltó un producto',
            p(
              'Revisa el detalle de tu compra: los productos sin stock se descuentan automáticamente. Si pagaste por un producto que no llegó, te devolvemos el monto.',
            ),
          ),
          section(
            'mal-estado',
            'Un producto llegó en mal estado',
            p(
              `Infórmalo dentro de 48 horas llamando al ${phone}, con tu número de pedido y una foto del producto.`,
            ),
          ),
          section(
            'cobros',
            'Cobro incorrecto o doble',
            p(
              'Revisa el detalle de pagos en Mis compras. Si ves un cobro doble, llámanos y lo revisaremos de inmediato.',
            ),
          ),
          section(
            'anular',
            'Anular o reagendar',
            p(
              'Puedes anular o reagendar tu pedido desde Mis compras mientras no haya sido preparado. Al anular te pediremos el motivo, por ejemplo: falta de stock, tipo de entrega o dirección equivocados, o productos equivocados.',
            ),
          ),
        ],
      },
    ],
    [
      'quienes-somos',
      {
        title: 'Quiénes somos',
        description: `${ctx.brandName}, tu supermercado de barrio, también en línea.`,
        sections: [
          section(
            'historia',
            'Nuestra historia',
            p(
              `${b} nació como un supermercado de barrio y hoy está presente en varias regiones de Chile, con locales y compra en línea.`,
            ),
          ),
          section(
            'proposito',
            'Nuestro propósito',
            p('Hacer que comprar comida buena, fresca y a buen precio sea fácil para todas las familias.'),
          ),
        ],
      },
    ],
    [
      'trabaja-con-nosotros',
      {
        title: 'Trabaja con nosotros',
        description: `Súmate al equipo de ${ctx.brandName}.`,
        sections: [
          section(
            'oportunidades',
            'Oportunidades',
            p(
              'Buscamos personas para nuestros locales, centros de distribución y oficinas. Pregunta por las vacantes en el local más cercano.',
            ),
          ),
          section(
            'beneficios',
            'Beneficios',
            ul(
              'Descuento para colaboradores en tus compras.',
              'Capacitación y desarrollo.',
              'Turnos flexibles.',
            ),
          ),
        ],
      },
    ],
    [
      'grupo-minorista',
      {
        title: 'Grupo minorista',
        description: `${ctx.brandName} forma parte de un grupo de comercio minorista con presencia en Chile.`,
        sections: [
          section(
            'grupo',
            'El grupo',
            p('El grupo reúne supermercados, tiendas y servicios financieros para el consumidor.'),
          ),
          section(
            'inversionistas',
            'Inversionistas',
            p(
              'La información financiera y los hechos esenciales del grupo se publican en su sitio corporativo.',
            ),
          ),
          section(
            'proveedores',
            'Proveedores',
            p('Si quieres vender tus productos en nuestros locales, escríbenos desde el Centro de ayuda.'),
          ),
        ],
      },
    ],
  ];
  return pages.map(([slug, page]) => [`info-${slug}`, page]);
}

export function infoList(infos: [string, ContentPage][]): InfoPageList {
  return {
    items: infos.map(([key, page]) => {
      const slug = key.replace(/^info-/, '');
      return { slug, title: page.title, description: page.description, url: `/informaciones/${slug}` };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Institutional pages (/institucional/:slug)

export function institutionalPages(ctx: ContentContext): [string, ContentPage][] {
  const b = ctx.brand;
  const pages: [string, ContentPage][] = [
    [
      'servicios',
      {
        title: 'Servicios',
        description: `Todo lo que ${ctx.brandName} ofrece además de tu compra.`,
        sections: [
          section(
            'modos-de-entrega',
            'Modos de entrega',
            ul(
              a('/informaciones/despacho', 'Despacho a domicilio'),
              a('/informaciones/despacho-express', 'Despacho Express'),
              a('/informaciones/retiro-en-tienda', 'Retiro en tienda'),
              a('/informaciones/click-al-auto', 'Click al Auto'),
            ),
          ),
          section(
            'listas',
            'Listas de compras',
            p('Guarda tus listas y prográmalas para que se repitan cada una, dos, tres o cuatro semanas.'),
          ),
          section(
            'tarjeta',
            `Tarjeta ${ctx.brandName}`,
            p(`Paga con la Tarjeta ${b} y accede a precios exclusivos en productos seleccionados.`),
          ),
        ],
      },
    ],
    [
      'terminos-condiciones',
      {
        title: 'Términos y condiciones',
        description: 'Resumen de las condiciones de compra.',
        sections: [
          section(
            'resumen',
            'Resumen',
            p(
              'Al comprar en el sitio aceptas nuestras condiciones de compra, despacho, pago y devoluciones.',
              `Lee el texto completo en ${a('/informaciones-legales/terminos-y-condiciones#1', 'Términos y condiciones')}.`,
            ),
          ),
        ],
      },
    ],
    [
      'seguridad-privacidad',
      {
        title: 'Seguridad y privacidad',
        description: 'Cómo protegemos tu compra y tus datos.',
        sections: [
          section(
            'resumen',
            'Resumen',
            p(
              'Tus pagos viajan cifrados y no almacenamos los datos completos de tus tarjetas.',
              `Más información en ${a('/informaciones-legales/seguridad-y-privacidad', 'Seguridad y privacidad')} y en la ${a('/informaciones-legales/politica-de-privacidad#topic-1', 'Política de privacidad')}.`,
            ),
          ),
        ],
      },
    ],
    [
      'concursos',
      {
        title: 'Concursos',
        description: 'Bases de los concursos y sorteos vigentes.',
        sections: [
          section(
            'despensa-del-ano',
            `Sorteo ${ctx.brandName}: despensa gratis por un mes`,
            p(
              `Participan las compras en línea sobre $30.000 realizadas entre el ${chileanDate(ctx.day(-10))} y el ${chileanDate(ctx.day(20))}. Se sortearán cinco giftcards entre los participantes.`,
            ) +
              ul(
                'Participan personas naturales mayores de 18 años con domicilio en Chile.',
                'Cada compra que cumpla las condiciones equivale a una participación.',
                'Los ganadores serán contactados por teléfono y correo electrónico.',
              ),
          ),
          section(
            'bases',
            'Bases legales',
            p(
              'Las bases completas de cada concurso están disponibles en el Centro de ayuda y en los locales.',
            ),
          ),
        ],
      },
    ],
    [
      'compromisos',
      {
        title: 'Nuestros compromisos',
        description: `Lo que ${ctx.brandName} promete a sus clientes, colaboradores y proveedores.`,
        sections: [
          section(
            'calidad',
            'Calidad y frescura',
            p(
              'Controlamos la cadena de frío y la frescura de cada producto desde el proveedor hasta tu casa.',
            ),
          ),
          section(
            'proveedores-locales',
            'Proveedores locales',
            p(
              'Trabajamos con pequeños productores de cada región para llevar a tu mesa productos de temporada.',
            ),
          ),
          section(
            'codigo-de-etica',
            'Código de ética',
            p(
              'Nuestro código de ética guía la relación con clientes, colaboradores, proveedores y la comunidad: honestidad, respeto y cumplimiento de la ley.',
            ),
          ),
          section(
            'sostenibilidad',
            'Sostenibilidad',
            p(`Conoce nuestro ${a('/plan-por-el-futuro', 'Plan por el futuro')}.`),
          ),
        ],
      },
    ],
  ];
  return pages.map(([slug, page]) => [`institucional-${slug}`, page]);
}
