/**
 * The page is drawn on the server, so its scripts only make it interactive. The server's HTML carries React
 * Router's module script inert (critical-path.server.ts marks it with this type, and leaves its module
 * preloads out), and the inline starter below brings it to life once the whole document is parsed and a
 * frame has been painted: text and pictures never wait for, or share the line with, the JavaScript. A
 * started script keeps the inert one's Content-Security-Policy nonce.
 *
 * Its module preloads leave the server inert too (this rel), and the starter turns them into preloads just
 * before the script: without them the modules came in three waves on a cold load (the routes, then what
 * they import, then the entry React Router imports last), ~1 s of a 2.9 s wait on the home page, measured
 * 2026-11-29. In the HTML (once ~50 modules, now ~8) they made Chrome compile every module before the
 * first paint.
 */
export const DEFERRED_MODULE_TYPE = 'text/x-despensa-deferred-module';
export const DEFERRED_PRELOAD_REL = 'x-despensa-deferred-modulepreload';
/** Set on <html> once the app has hydrated: the page answers taps from then on. */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';

/**
 * Starts once the browser reports the first paint (Paint Timing): a frame callback alone runs before a slow
 * frame is presented, so under load scripts could leave first. A browser without paint entries, or a tab
 * in the background (which never paints), starts after the next frame or at the latest after 1.5 s.
 */
export const START_SCRIPTS_AFTER_FIRST_PAINT =
  'addEventListener("DOMContentLoaded",function(){var started=false;function start(){if(started)return;started=true;' +
  `document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(o){` +
  'var l=document.createElement("link");l.rel="modulepreload";l.nonce=o.nonce;l.href=o.href;document.head.appendChild(l)});' +
  `document.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(o){` +
  'var n=document.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;' +
  'document.body.appendChild(n)})}' +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];' +
  'if(types.indexOf("paint")>=0){new PerformanceObserver(function(){setTimeout(start)}).observe({type:"paint",buffered:true});setTimeout(start,1500)}' +
  'else{requestAnimationFrame(function(){setTimeout(start)})}});';
