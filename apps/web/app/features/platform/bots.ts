import { isbot } from 'isbot';

/** §4 bots are detected by user agent (isbot's maintained list): no analytics, no cart, no push prompt. */
export function isBotRequest(request: Request): boolean {
  const userAgent = request.headers.get('user-agent');
  return !userAgent || isbot(userAgent);
}
