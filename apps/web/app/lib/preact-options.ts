import { options, type VNode } from 'preact';

/**
 * The shop's components are written against React's API and drawn by Preact (preact/compat, the build's
 * alias in vite.config.ts). Two of Preact's defaults differ from React where the shop relies on React's:
 */

// React reads `suppressHydrationWarning` and never writes it; Preact would write it into the HTML as an
// attribute (React Router puts it on its scripts), so it is dropped when an element is created.
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Record<string, unknown> | null;
  if (typeof vnode.type === 'string' && props && 'suppressHydrationWarning' in props) {
    delete props.suppressHydrationWarning;
  }
  previousVnode?.(vnode);
};

// React runs effects in a task of their own right after a render (its scheduler posts a message); Preact
// waits for the next animation frame, which a tab in the background never draws and a timed journey's
// paused clock never reaches. The timers effects start (500 ms to scroll a new page up, 3 s to the Prime
// invitation) count from the render, as with React.
if (typeof window !== 'undefined') {
  const channel = new MessageChannel();
  let pending: (() => void)[] = [];
  channel.port1.onmessage = () => {
    const flush = pending;
    pending = [];
    for (const callback of flush) callback();
  };
  options.requestAnimationFrame = (callback: () => void) => {
    if (pending.push(callback) === 1) channel.port2.postMessage(null);
  };
}
