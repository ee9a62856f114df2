/** Marks the empty <style> the root renders for the stylesheets the server inlines (critical-path.server.ts). */
export const CRITICAL_STYLES_ATTRIBUTE = 'data-critical';
