/**
 * Which values of a surface the user's input can reach: the data paths its components write or
 * wrote (the `value` binding of an input component, remembered for the life of the surface) and
 * whether a property's expression reads one of them.
 * The URL policy uses it so that what the user types or chooses never picks a URL the page loads
 * or opens (see `UrlPolicy.allowsModelUrl`).
 */

/** A component of a surface as the policy reads it: its properties as the model wrote them. */
export interface ComponentLike {
  readonly properties: Record<string, unknown>;
}

/** What of a surface the check needs: its components (web_core's `SurfaceModel` has them). */
export interface SurfaceLike {
  readonly componentsModel: { readonly entries: Iterable<[string, ComponentLike]> };
}

/** Where a property's value comes from: its expression as the model wrote it, read at `dataPath` in `surface`. */
export interface ValueSource {
  readonly expression: unknown;
  readonly dataPath: string;
  readonly surface: SurfaceLike;
}

const segments = (path: string): string[] => path.split('/').filter((segment) => segment !== '');

/** `path` read at `dataPath`: an absolute path's segments. */
function resolvePath(path: string, dataPath: string): string[] {
  return path.startsWith('/') ? segments(path) : [...segments(dataPath), ...segments(path)];
}

/** Whether one path is the other or holds it (a value read at one changes with a write at the other). */
function overlaps(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A `${path}` of a `formatString` (a function call such as `${now()}` is no path; its own `${…}` arguments are matched in turn). */
const INTERPOLATED_PATH = /\$\{\s*([^\s${}(),:']+)\s*\}/g;

/** The data paths `expression` reads at `dataPath`, as absolute segments. */
function pathsRead(expression: unknown, dataPath: string, inCall = false, found: string[][] = []): string[][] {
  if (typeof expression === 'string') {
    if (inCall) for (const match of expression.matchAll(INTERPOLATED_PATH)) found.push(resolvePath(match[1] as string, dataPath));
  } else if (Array.isArray(expression)) {
    for (const item of expression) pathsRead(item, dataPath, inCall, found);
  } else if (typeof expression === 'object' && expression !== null) {
    const record = expression as Record<string, unknown>;
    if (typeof record.path === 'string') found.push(resolvePath(record.path, dataPath));
    const call = typeof record.call === 'string';
    for (const [key, value] of Object.entries(record)) if (key !== 'path') pathsRead(value, dataPath, inCall || call, found);
  }
  return found;
}

/** The `value` binding of a component's properties, if it has one. */
function binding(properties: Readonly<Record<string, unknown>>): string | undefined {
  const value = properties.value;
  const path = typeof value === 'object' && value !== null ? (value as { path?: unknown }).path : undefined;
  return typeof path === 'string' ? path : undefined;
}

/** Per surface, every `value` binding its components were given (see {@link noteInputBindings}). */
const everBound = new WeakMap<object, Set<string>>();

/**
 * Remembers the `value` bindings of `components` (an `updateComponents`' list, as applied to
 * `surface`) for the life of `surface`: the user's input stays in the data model when the input
 * component is replaced or bound elsewhere, so its path stays the user's.
 */
export function noteInputBindings(surface: object, components: readonly unknown[]): void {
  let paths = everBound.get(surface);
  for (const component of components) {
    const path = typeof component === 'object' && component !== null ? binding(component as Record<string, unknown>) : undefined;
    if (path === undefined) continue;
    if (paths === undefined) everBound.set(surface, (paths = new Set()));
    paths.add(path);
  }
}

/**
 * The paths the user can write in `surface`: the `value` binding of each component it has or had
 * (see {@link noteInputBindings}; the basic catalog's TextField, CheckBox, ChoicePicker, Slider and
 * DateTimeInput write there; a component of the app's catalogs named so is counted too). A
 * relative one (an input in a template) is kept as it is: it is written under any item.
 */
function userPaths(surface: SurfaceLike): { absolute: string[][]; relative: string[][] } {
  const paths = new Set(everBound.get(surface));
  for (const [, component] of surface.componentsModel.entries) {
    const path = binding(component.properties);
    if (path !== undefined) paths.add(path);
  }
  const absolute: string[][] = [];
  const relative: string[][] = [];
  for (const path of paths) (path.startsWith('/') ? absolute : relative).push(segments(path));
  return { absolute, relative };
}

/** Whether the value of `source` can change with what the user types or chooses. */
export function readsUserInput(source: ValueSource): boolean {
  const read = pathsRead(source.expression, source.dataPath);
  if (read.length === 0) return false;
  const { absolute, relative } = userPaths(source.surface);
  return read.some((path) => absolute.some((user) => overlaps(path, user)) || relative.some((user) => path.some((_, i) => overlaps(path.slice(i), user))));
}

/** The `url` argument of every `openUrl` call in `surface`'s components, as the model wrote it. */
export function openUrlArguments(surface: SurfaceLike): unknown[] {
  const found: unknown[] = [];
  const pending: unknown[] = [];
  for (const [, component] of surface.componentsModel.entries) pending.push(component.properties);
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record.call === 'openUrl' && typeof record.args === 'object' && record.args !== null) found.push((record.args as { url?: unknown }).url);
    // One push per value: a spread of a list of 100,000 options would pass as many arguments (a RangeError).
    for (const item of Object.values(record)) pending.push(item);
  }
  return found;
}
