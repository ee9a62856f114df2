/** The 503 screen's text, alone in its module so a page's first load takes it without the other messages. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'En estos momentos no podemos completar tu solicitud';
