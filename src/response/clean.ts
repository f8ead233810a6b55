const LEADING_FENCE = /^```[a-zA-Z-]*\s*/;
const FENCE_LANGUAGE = /^[a-zA-Z-]*$/;

/**
 * Trims `text` and removes one Markdown code fence at each edge (```` ```json ```` at the start,
 * ```` ``` ```` at the end), as the reference does for text and block content alike. Fences in the
 * middle are kept. Linear: no backtracking over white space.
 */
export function cleanEdges(text: string): string {
  let s = text.trim();
  const leading = LEADING_FENCE.exec(s);
  if (leading) s = s.slice(leading[0].length);
  const fence = s.lastIndexOf('```');
  if (fence >= 0 && FENCE_LANGUAGE.test(s.slice(fence + 3))) s = s.slice(0, fence);
  return s.trim();
}
