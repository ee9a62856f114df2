import { useEffectEvent, useLayoutEffect, type RefObject } from 'react';

/**
 * The value of the form control named `name` inside `root` as the page shows it: the checked radio's
 * value (null when none is checked), else the field's value.
 */
export function controlValueOf(root: ParentNode, name: string): string | null {
  const controls = [...root.querySelectorAll<HTMLInputElement>(`[name="${CSS.escape(name)}"]`)];
  const first = controls[0];
  if (!first) return null;
  if (first.type === 'radio') return controls.find((control) => control.checked)?.value ?? null;
  return first.value;
}

/**
 * Controls drawn by the server answer the shopper before the scripts run (app/lib/deferred-scripts.ts): a
 * radio checked or a field typed then is in the page, and hydration leaves it there, but the component's
 * state still holds what the server rendered, and its next render puts that back (a payment method chosen
 * before hydration was paid as the saved one). Once hydrated, this reads the controls named by `rendered`'s
 * keys inside `root`; when the page shows other values than `rendered`, `onChanged` gets them all (the
 * ones untouched as rendered) and takes them as the shopper's choice: state, and a save where choosing
 * saves. Runs once, before the first paint after hydration; a client render (no server HTML) finds the
 * rendered values and does nothing.
 */
export function useValuesBeforeHydration<Name extends string>(
  root: RefObject<HTMLElement | null>,
  rendered: Record<Name, string>,
  onChanged: (shown: Record<Name, string>) => void,
): void {
  // Once, with the first render's values: afterwards the controls' own change events keep the state.
  const takeShown = useEffectEvent(() => {
    const element = root.current;
    if (!element) return;
    const names = Object.keys(rendered) as Name[];
    const shown = Object.fromEntries(
      names.map((name) => [name, controlValueOf(element, name) ?? rendered[name]]),
    ) as Record<Name, string>;
    if (names.some((name) => shown[name] !== rendered[name])) onChanged(shown);
  });
  useLayoutEffect(() => takeShown(), []);
}
