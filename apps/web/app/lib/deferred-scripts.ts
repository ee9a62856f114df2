/**
 * The page is drawn on the server, so its scripts only make it interactive. The server's HTML carries them
 * inert (critical-path.server.ts rewrites the module preloads and React Router's module script with these
 * markers), and the inline starter below brings them to life once the whole document is parsed and a
 * frame has been painted: text and pictures never wait for, or share the line with, ~135 KB of JavaScript.
 * A started script keeps the inert one's Content-Security-Policy nonce.
 */
export const DEFERRED_MODULE_TYPE = 'text/x-despensa-deferred-module';
export const DEFERRED_REL_ATTRIBUTE = 'data-deferred-rel';
/** Set on <html> once the app has hydrated: the page answers taps from then on. */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/**
 * Starts once the browser reports the first paint (Paint Timing): a frame callback alone runs before a slow
 * frame is presented, so under load scripts could leave first. A browser without paint entries, or a tab
 * in the background (which never paints), starts after the next frame or at the latest after 1.5 s.
 */
export const START_SCRIPTS_AFTER_FIRST_PAINT =
  'addEventListener("DOMContentLoaded",function(){var started=false;function start(){if(started)return;started=true;' +
  `document.querySelectorAll("link[${DEFERRED_REL_ATTRIBUTE}]").forEach(function(l){` +
  'var n=document.createElement("link");' +
  `n.rel=l.getAttribute("${DEFERRED_REL_ATTRIBUTE}");n.href=l.href;document.head.appendChild(n)});` +
  `document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(o){` +
  'var n=document.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;' +
  'document.body.appendChild(n)})}' +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];' +
  'if(types.indexOf("paint")>=0){new PerformanceObserver(function(){setTimeout(start)}).observe({type:"paint",buffered:true});setTimeout(start,1500)}' +
  'else{requestAnimationFrame(function(){setTimeout(start)})}});';
