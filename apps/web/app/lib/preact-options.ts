import { options } from 'preact';
import { afterTurns } from './hydration-turns';

/**
 * Preact's behaviour where the shop was written for React's (imported by both entries before any render).
 *
 * React-only props React Router's components pass would be written into the HTML as attributes
 * (`suppresshydrationwarning` on every script and preload): dropped.
 */
const prevVnode = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string') {
    delete (vnode.props as { suppressHydrationWarning?: boolean }).suppressHydrationWarning;
  }
  prevVnode?.(vnode);
};

/**
 * Effects run in a task of their own right after the render, as React's scheduler runs them, not after
 * the next frame: a timer an effect starts (the route change's scroll, the Prime invitation) counts from
 * the change, and a page whose frames are held (a background tab, a paused clock) still runs them. While
 * the page hydrates in turns, they wait for the last turn (lib/hydration-turns.ts).
 */
options.requestAnimationFrame = afterTurns;
