import { CRITICAL_STYLES_ATTRIBUTE } from '../lib/critical-styles';

/**
 * Where the server puts the shop's stylesheets inline (critical-path.server.ts fills it). Empty here, and
 * told not to draw its inside, so the browser keeps what the server wrote.
 */
export function CriticalStyles() {
  return <style {...{ [CRITICAL_STYLES_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: '' }} />;
}
