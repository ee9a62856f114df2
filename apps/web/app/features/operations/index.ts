/** The public entry of operations for other features: what they may render or call in the browser. */
export { ConsoleRefusal } from './console-refusal';
export { StaffFrame } from './console-shell';
