/**
 * A value written into a page's HTML inside a `<script>` element (an inline script's arguments, a
 * JSON data block): JSON with every `<` escaped, so no string can close the element or open a
 * comment in the HTML. The build's inline scripts use it (./early-requests-script.ts,
 * ./first-visit.ts, the entry shells' messages script in vite.config.ts, the prefetch list in
 * screen-prefetch.ts). Imports nothing: the build's config reads it.
 */
export const inlineJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
