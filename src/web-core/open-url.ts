/**
 * `openUrl` under the URL policy of the surface it is called in: web_core's basic function opens
 * any `http:`/`https:` URL, however it was built. The renderer entries' basic catalogs carry this
 * one instead.
 */
import { A2uiExpressionError, createFunctionImplementation, OpenUrlApi, type DataContext, type FunctionImplementation } from '@a2ui/web_core/v0_9';
import { openUrlArguments, readsUserInput, type SurfaceLike } from './user-input.js';
import { resolveUrl, surfacePolicy } from './url-policy.js';

/**
 * Whether some `openUrl` call of the surface whose `url` reads a path the user writes gives `url`
 * here (the call that was made is among those that give it: its expression is not known to the
 * function, which gets the value only).
 */
function madeFromUserInput(url: string, context: DataContext): boolean {
  const surface = context.surface as unknown as SurfaceLike;
  return openUrlArguments(surface).some((expression) => {
    if (!readsUserInput({ expression, dataPath: context.path, surface })) return false;
    try {
      return String(context.resolveDynamicValue(expression as never)) === url;
    } catch {
      return true;
    }
  });
}

/**
 * `openUrl`: opens `url` in a new tab (`noopener,noreferrer`) when the surface's URL policy allows
 * it as a link: the app's `allowUrl`, or by default an `https:` URL (or the page's origin) the
 * model wrote, not built from or chosen by what the user typed or picked. A refused URL is an
 * expression error of the surface, which does not carry the URL (it may hold what the user typed).
 */
export const OPEN_URL_FUNCTION: FunctionImplementation = createFunctionImplementation(OpenUrlApi, (args, context) => {
  if (typeof window === 'undefined' || typeof window.open !== 'function') return;
  const policy = surfacePolicy(context.surface);
  const allowed = policy.appCheck ? policy.allows(args.url, 'link') : policy.allowsModelUrl(args.url, 'link') && !madeFromUserInput(args.url, context);
  if (!allowed) throw new A2uiExpressionError('openUrl: the URL policy refused the URL', 'openUrl');
  window.open((resolveUrl(args.url) as URL).href, '_blank', 'noopener,noreferrer');
});
